"use client";

import type { SelectHTMLAttributes } from "react";
import { COUNTRY_OPTIONS, countryName } from "~/lib/options";
import { COMMON_BILLING_COUNTRIES } from "~/lib/schemas/billing";

const common = new Set(COMMON_BILLING_COUNTRIES);
/** The billing forms' one country list: the common group, then every other country by name, none twice. */
const BILLING_COUNTRY_GROUPS = [
  { label: "Common", options: COMMON_BILLING_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })) },
  {
    label: "All countries",
    options: COUNTRY_OPTIONS.filter((option) => !common.has(option.value)).map((option) => ({
      value: option.value,
      label: countryName(option.value),
    })),
  },
];

/** The country select of the checkout, the billing panel and the address card (a native select: typing a letter jumps). */
export function BillingCountrySelect(props: Omit<SelectHTMLAttributes<HTMLSelectElement>, "children">) {
  return (
    <select className="field-input" {...props}>
      {BILLING_COUNTRY_GROUPS.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
