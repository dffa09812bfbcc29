import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { partnerListSchema } from "~/lib/schemas/admin-clients";
import { PARTNER_ORIGINS } from "~/lib/schemas/site";
import type { Db } from "~/server/db/client";

interface PartnerMessage {
  id: string;
  name: string;
  subject: string;
  message: string;
  origin: string;
  createdAt: Date;
  handledAt: Date | null;
}

export interface PartnerRow {
  email: string;
  /** The name of the newest message. */
  name: string;
  /** The partner forms used: institutes, business or both. */
  origins: string[];
  messages: number;
  unhandled: number;
  firstContact: Date;
  lastContact: Date;
  /** True when every message was handled. */
  handled: boolean;
  /** The sender's messages (in the current origin filter), newest first. */
  items: PartnerMessage[];
}

const SORT_SQL = {
  lastContact: Prisma.sql`"lastContact"`,
  firstContact: Prisma.sql`"firstContact"`,
  messages: Prisma.sql`messages`,
  name: Prisma.sql`lower(name)`,
} as const;

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Institutes and businesses that wrote through the partner links (contact messages with origin
 * institutes or business), one row per sender email: name, forms used, number of messages, first
 * and last contact, whether all were handled, and the messages themselves.
 */
export async function listPartners(db: Db, input: z.output<typeof partnerListSchema>): Promise<Paged<PartnerRow>> {
  const origins = input.origin ? [input.origin] : [...PARTNER_ORIGINS];
  const search = input.q
    ? Prisma.sql`AND (name ILIKE ${containsPattern(input.q)} OR email ILIKE ${containsPattern(input.q)})`
    : Prisma.empty;
  const where = Prisma.sql`WHERE origin IN (${Prisma.join(origins)}) ${search}`;
  const direction = input.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const { skip, take } = pageWindow(input);
  const groups = await db.$queryRaw<
    {
      email: string;
      name: string;
      origins: string[];
      messages: number;
      unhandled: number;
      firstContact: Date;
      lastContact: Date;
      total: number;
    }[]
  >`
    SELECT *, (COUNT(*) OVER ())::int AS total
    FROM (
      SELECT email,
             (array_agg(name ORDER BY "createdAt" DESC))[1] AS name,
             array_agg(DISTINCT origin ORDER BY origin) AS origins,
             COUNT(*)::int AS messages,
             (COUNT(*) FILTER (WHERE "handledAt" IS NULL))::int AS unhandled,
             MIN("createdAt") AS "firstContact",
             MAX("createdAt") AS "lastContact"
      FROM "ContactMessage"
      ${where}
      GROUP BY email
    ) AS sender
    ORDER BY ${SORT_SQL[input.sort ?? "lastContact"]} ${direction}, email ASC
    LIMIT ${take} OFFSET ${skip}`;
  const items = groups.length
    ? await db.contactMessage.findMany({
        where: { email: { in: groups.map((group) => group.email) }, origin: { in: origins } },
        orderBy: { createdAt: "desc" },
        select: {
          id: true,
          email: true,
          name: true,
          subject: true,
          message: true,
          origin: true,
          createdAt: true,
          handledAt: true,
        },
      })
    : [];
  // A page past the last one has no rows to carry the total: count it alone then.
  const total = groups[0]?.total ?? (input.page > 1 ? await countPartners(db, where) : 0);
  return {
    rows: groups.map(({ total: _total, ...group }) => ({
      ...group,
      handled: group.unhandled === 0,
      items: items.filter((item) => item.email === group.email).map(({ email: _email, ...item }) => item),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

async function countPartners(db: Db, where: Prisma.Sql) {
  const [row] = await db.$queryRaw<{ count: number }[]>`SELECT COUNT(DISTINCT email)::int AS count FROM "ContactMessage" ${where}`;
  return row?.count ?? 0;
}
