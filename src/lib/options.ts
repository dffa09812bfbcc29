import { countries, getEmojiFlag, languages, type TCountryCode } from "countries-list";

export interface Option {
  value: string;
  label: string;
}

/** Every country (ISO code -> English name), sorted by name. */
export const COUNTRY_OPTIONS: Option[] = (Object.keys(countries) as TCountryCode[])
  .map((code) => ({ value: code, label: `${getEmojiFlag(code)} ${countries[code].name}` }))
  .sort((a, b) => a.label.replace(/^\S+\s/, "").localeCompare(b.label.replace(/^\S+\s/, "")));

/** Nationality is stored as the country's English name, as the profile shows it. */
export const NATIONALITY_OPTIONS: Option[] = (Object.keys(countries) as TCountryCode[])
  .map((code) => ({ value: countries[code].name, label: countries[code].name }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A country's English name from its ISO code ("IN" -> "India"), as the country list gives it. */
export function countryName(code: string): string {
  return countries[code as TCountryCode]?.name ?? code;
}

/** The ISO code of a country given by its English name (as the profile stores nationality); null when unknown. */
export function countryCodeOf(name: string | null | undefined): string | null {
  if (!name) return null;
  const wanted = name.trim().toLowerCase();
  return (Object.keys(countries) as TCountryCode[]).find((code) => countries[code].name.toLowerCase() === wanted) ?? null;
}

/** Languages (ISO 639-1 code -> "English name (native name)"). */
export const LANGUAGE_OPTIONS: Option[] = Object.entries(languages)
  .map(([code, language]) => ({
    value: code,
    label: language.native && language.native !== language.name ? `${language.name} (${language.native})` : language.name,
  }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The profile's country of residence (ten entries). */
export const RESIDENCE_COUNTRIES = [
  "United States",
  "Canada",
  "United Kingdom",
  "Germany",
  "France",
  "Australia",
  "India",
  "China",
  "Japan",
  "Other",
] as const;

export const GENDER_OPTIONS: Option[] = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Diverse (other)" },
  { value: "prefer_not_to_say", label: "Prefer not to say" },
];
