"use client";

import type { StudentUpdate } from "~/lib/schemas/student";
import { EditableCard, PROFILE_SAVED } from "./editable-card";
import { type FieldSpec, GENDER_FIELD, RESIDENCE_OPTIONS } from "./fields";
import { SavedToolResults } from "./saved-tool-results";
import type { Student } from "./types";

const PERSONAL_FIELDS: FieldSpec[] = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "phone", label: "Phone", kind: "tel" },
  { name: "dateOfBirth", label: "Date of birth", kind: "dateOfBirth" },
  { name: "gender", label: "Gender", kind: GENDER_FIELD },
  { name: "nationality", label: "Nationality", kind: "nationality" },
  { name: "country", label: "Country of residence", kind: { options: RESIDENCE_OPTIONS } },
];
const EMERGENCY_FIELDS: FieldSpec[] = [
  { name: "emergencyContactName", label: "Name" },
  { name: "emergencyContactPhone", label: "Phone", kind: "tel" },
];

const valuesOf = (student: Student, fields: FieldSpec[]) =>
  Object.fromEntries(fields.map((f) => [f.name, String((student as Record<string, unknown>)[f.name] ?? "")]));

/** "" clears an optional field; gender must be one of its values or null. */
const toUpdate = (values: Record<string, string>): StudentUpdate =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key === "gender" && value === "" ? null : value])) as StudentUpdate;

export function ProfileTab({ student, onSaved }: { student: Student; onSaved: () => void }) {
  return (
    <div className="space-y-6">
      <EditableCard
        title="Personal Information"
        fields={PERSONAL_FIELDS}
        initial={valuesOf(student, PERSONAL_FIELDS)}
        toUpdate={toUpdate}
        savedMessage={PROFILE_SAVED}
        onSaved={(values) => {
          // The name shows in the header and the session: reload when it changed.
          if (values.firstName?.trim() !== student.firstName || values.lastName?.trim() !== student.lastName) window.location.reload();
          else onSaved();
        }}
        before={
          <div className="sm:col-span-2">
            <label className="field-label" htmlFor="profile-email">
              Email
            </label>
            <input
              id="profile-email"
              className="field-input"
              value={student.email}
              readOnly
              disabled
              aria-describedby="profile-email-note"
            />
            <p id="profile-email-note" className="mt-1 text-xs text-slate-500">
              Your email is your login and cannot be changed here.
            </p>
          </div>
        }
      />
      <EditableCard
        title="Emergency Contact"
        fields={EMERGENCY_FIELDS}
        initial={valuesOf(student, EMERGENCY_FIELDS)}
        toUpdate={toUpdate}
        savedMessage={PROFILE_SAVED}
        onSaved={onSaved}
      />
      <SavedToolResults />
    </div>
  );
}
