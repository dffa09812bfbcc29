"use client";

import type { ReactNode } from "react";
import { DatePicker } from "~/components/ui/date-picker";
import { SelectBox } from "~/components/ui/select-box";
import { NationalitySelect } from "~/components/ui/selects";
import { GENDER_OPTIONS, type Option, RESIDENCE_COUNTRIES } from "~/lib/options";
import { earliestDateOfBirth } from "~/lib/schemas/student";
import { todayIso } from "~/lib/ui/dates";

export type FieldKind = "text" | "tel" | "dateOfBirth" | "nationality" | "toggle" | { options: Option[] };

export interface FieldSpec {
  name: string;
  label: string;
  kind?: FieldKind;
  /** A line under the field saying what it changes. */
  help?: string;
}

export const RESIDENCE_OPTIONS: Option[] = RESIDENCE_COUNTRIES.map((country) => ({ value: country, label: country }));
export const GENDER_FIELD: FieldKind = { options: GENDER_OPTIONS };

/** How a stored value reads in read mode. */
function displayValue(field: FieldSpec, value: string): string {
  if (!value) return "Not set";
  if (typeof field.kind === "object") return field.kind.options.find((o) => o.value === value)?.label ?? value;
  if (field.kind === "toggle") return value === "true" ? "On" : "Off";
  return value;
}

/** One profile field: a labelled input in edit mode, its value as text in read mode. */
export function ProfileField({
  field,
  value,
  editing,
  onChange,
}: {
  field: FieldSpec;
  value: string;
  editing: boolean;
  onChange: (value: string) => void;
}) {
  const id = `profile-${field.name}`;
  const labelId = `${id}-label`;
  const kind = field.kind ?? "text";
  let control: ReactNode;
  if (!editing) {
    control = <input id={id} className="field-input" value={displayValue(field, value)} readOnly disabled />;
  } else if (kind === "dateOfBirth") {
    control = (
      <DatePicker
        id={id}
        aria-label={field.label}
        value={value || null}
        min={earliestDateOfBirth()}
        max={todayIso()}
        onChange={(next) => onChange(next ?? "")}
      />
    );
  } else if (kind === "nationality") {
    control = <NationalitySelect id={id} aria-labelledby={labelId} value={value || null} onChange={onChange} />;
  } else if (kind === "toggle") {
    control = (
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4"
          checked={value === "true"}
          onChange={(e) => onChange(String(e.target.checked))}
        />
        {value === "true" ? "On" : "Off"}
      </label>
    );
  } else if (typeof kind === "object") {
    control = <SelectBox id={id} aria-labelledby={labelId} options={kind.options} value={value || null} onChange={onChange} />;
  } else {
    control = (
      <input
        id={id}
        type={kind}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={kind === "tel" ? "tel" : undefined}
      />
    );
  }
  return (
    <div>
      <label id={labelId} htmlFor={id} className="field-label">
        {field.label}
      </label>
      {control}
      {field.help ? (
        <p id={`${id}-help`} className="mt-1 text-xs text-slate-500">
          {field.help}
        </p>
      ) : null}
    </div>
  );
}
