import { z } from "zod";
import { isIanaZone, USER_LANGUAGES, type UserLanguage } from "../locale";

/** The language and time zone settings as forms and the API check them (src/lib/locale.ts formats with them). */
export const languageSchema = z.enum(USER_LANGUAGES.map((language) => language.value) as [UserLanguage, ...UserLanguage[]], {
  error: "Choose a language from the list",
});

export const timeZoneSchema = z
  .string({ error: "Choose a time zone" })
  .trim()
  .refine(isIanaZone, "Choose a time zone from the list, e.g. Europe/Berlin");
