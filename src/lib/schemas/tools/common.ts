import { z } from "zod";

/** An official or primary page a figure or rule comes from. */
export const sourceRefSchema = z.object({
  title: z.string().trim().min(3, "A source needs its title."),
  url: z.string().url("A source needs its address (https://...)."),
});
export type SourceRef = z.infer<typeof sourceRefSchema>;

/** The day the sources were checked, as YYYY-MM-DD. */
export const checkedOnSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "The checked date is written YYYY-MM-DD.");

/**
 * What every record and figure of the tools carries: at least one source and the day it was checked.
 * Where the source states the period a figure is for (a semester, a year's rate, a survey), figureDate
 * is the first day of that period and figurePeriod names it ("summer semester 2023"): the checked day
 * says when we looked, the figure date how old the figure is.
 */
export const sourcedSchema = z.object({
  sources: z.array(sourceRefSchema).min(1, "At least one source is required."),
  checkedOn: checkedOnSchema,
  figureDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "The figure date is written YYYY-MM-DD.")
    .optional(),
  figurePeriod: z.string().trim().min(2).optional(),
});

/** A data file that is a redistributed dataset: where it comes from and under which licence. */
export const datasetSchema = z.object({
  name: z.string().min(1),
  url: z.string().url(),
  licence: z.string().min(1),
  licenceUrl: z.string().url().optional(),
  retrievedOn: checkedOnSchema,
});

/** Nationality fields of the tools: an ISO 3166-1 alpha-2 code from the country list. */
export const countryCodeSchema = z
  .string({ error: "Choose a nationality." })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Choose a nationality from the list.");
