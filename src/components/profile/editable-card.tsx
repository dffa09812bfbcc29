"use client";

import { type ReactNode, useState } from "react";
import { toast } from "~/components/ui/toast";
import { type StudentUpdate, studentUpdateSchema } from "~/lib/schemas/student";
import { type FieldSpec, ProfileField } from "./fields";
import { saveProfile } from "./save-profile";

const SAVE_SUCCESS = "Changes saved successfully!";
const SAVE_FAILURE = "Failed to save changes. Please try again.";
/** Spec 8's toast for the profile's own cards. */
export const PROFILE_SAVED = "Profile updated successfully";

type Values = Record<string, string>;

/**
 * A card (or panel) with its own edit and saving flags: read mode, Edit, edit mode,
 * Save (saving), then read mode with a success toast. Saves through PATCH /api/students/me.
 */
export function EditableCard(props: {
  title: string;
  fields: FieldSpec[];
  initial: Values;
  /** Turns the edited strings into the update the API takes. */
  toUpdate: (values: Values) => StudentUpdate;
  onSaved: (values: Values) => void;
  before?: ReactNode;
  columns?: 1 | 2;
  /** The success toast; the profile's cards say "Profile updated successfully". */
  savedMessage?: string;
}) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<Values>(props.initial);
  const shown = editing ? values : props.initial;

  async function save() {
    const update = props.toUpdate(values);
    // The server's own rules, checked here first so a wrong value (a future birth date) is named at once.
    const checked = studentUpdateSchema.safeParse(update);
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? SAVE_FAILURE);
      return;
    }
    setSaving(true);
    try {
      await saveProfile(update);
      toast.success(props.savedMessage ?? SAVE_SUCCESS);
      setEditing(false);
      props.onSaved(values);
    } catch (error) {
      toast.error(error instanceof Error && error.message && error.message !== "Failed to save changes" ? error.message : SAVE_FAILURE);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={props.title} aria-busy={saving}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {props.title} {saving ? <span className="text-sm font-normal text-slate-500">(Saving...)</span> : null}
        </h2>
        {editing ? (
          <div className="flex gap-2">
            <button type="button" className="btn-secondary" disabled={saving} onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="button" className="btn-primary" disabled={saving} onClick={save}>
              {saving ? (
                "Saving..."
              ) : (
                <>
                  <span aria-hidden>✓ </span>Save
                </>
              )}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setValues(props.initial);
              setEditing(true);
            }}
          >
            Edit
          </button>
        )}
      </div>
      <div className={`grid grid-cols-1 gap-4 ${props.columns === 1 ? "" : "sm:grid-cols-2"}`}>
        {props.before}
        {props.fields.map((field) => (
          <ProfileField
            key={field.name}
            field={field}
            value={shown[field.name] ?? ""}
            editing={editing && !saving}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
      </div>
    </section>
  );
}
