import { z } from "zod";

/** Page sizes the management area's tables offer. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be written YYYY-MM-DD");

/**
 * The query of every list in /admin: page, page size, search text, sort column and direction, and
 * the list's own filters (each list names which it accepts, see `listQuery`). The same object is
 * kept in the page's URL, so a filtered view can be bookmarked and shared.
 */
export function listQuery<const Sort extends string, Filters extends z.ZodRawShape = Record<never, never>>(
  sortFields: readonly [Sort, ...Sort[]],
  filters: Filters = {} as Filters,
) {
  return z.object({
    page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), `pageSize must be one of ${PAGE_SIZES.join(", ")}`)
      .default(25),
    q: z
      .string()
      .trim()
      .max(200, "Search text must be at most 200 characters")
      .optional()
      .transform((q) => q || undefined),
    sort: z.enum(sortFields as unknown as [Sort, ...Sort[]]).optional(),
    dir: z.enum(["asc", "desc"]).default("desc"),
    ...filters,
  });
}

/** A period of days, both ends included (YYYY-MM-DD, UTC). */
export const periodSchema = z
  .object({ from: dateOnly, to: dateOnly })
  .refine(({ from, to }) => from <= to, { message: "The period must end on or after its first day", path: ["to"] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 <= 731, {
    message: "A period can be at most two years",
    path: ["to"],
  });

export type Period = z.infer<typeof periodSchema>;

/** What every list procedure answers: one page of rows and the number of rows in all pages. */
export interface Paged<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** Prisma's skip and take for a page. */
export function pageWindow({ page, pageSize }: { page: number; pageSize: number }) {
  return { skip: (page - 1) * pageSize, take: pageSize };
}

/** An id of a record chosen in /admin. */
export const recordIdSchema = z.object({ id: z.string().trim().min(1, "id is required").max(100, "id is too long") });
