"use client";

import { COUNTRY_OPTIONS, LANGUAGE_OPTIONS, NATIONALITY_OPTIONS } from "~/lib/options";
import { api } from "~/trpc/react";
import { SelectBox, type SelectBoxProps } from "./select-box";

type Preset = Omit<SelectBoxProps, "options">;

export const CountrySelect = (props: Preset) => <SelectBox placeholder="Select country" {...props} options={COUNTRY_OPTIONS} />;
export const NationalitySelect = (props: Preset) => <SelectBox placeholder="Select nationality" {...props} options={NATIONALITY_OPTIONS} />;
export const LanguageSelect = (props: Preset) => <SelectBox placeholder="Select language" {...props} options={LANGUAGE_OPTIONS} />;

export const SELECT_COUNTRY_FIRST = "Select country first";

/** City select for a country (ISO code); cities come from GET /api/data/cities and are cached after the first load. */
export function LocationSelect({ country, ...props }: Preset & { country: string | null }) {
  const cities = api.content.cities.useQuery({ country: country ?? undefined }, { enabled: Boolean(country), staleTime: Infinity });
  if (!country) return <SelectBox {...props} options={[]} placeholder={SELECT_COUNTRY_FIRST} disabled />;
  const options = (cities.data ?? []).map((city) => ({ value: city.name, label: city.name }));
  return <SelectBox placeholder={cities.isPending ? "Loading cities..." : "Select city"} {...props} options={options} />;
}
