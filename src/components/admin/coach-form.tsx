"use client";

import { type FormEvent, type KeyboardEvent, useState } from "react";
import { LanguageSelect } from "~/components/ui/selects";
import { LANGUAGE_OPTIONS } from "~/lib/options";
import { COACH_LIMITS, coachCreateSchema, coachUpdateSchema } from "~/lib/schemas/admin-coaches";
import { fieldErrors } from "~/lib/schemas/common";

export interface CoachFormValues {
  email: string;
  displayName: string;
  languages: string[];
  subjects: string[];
  bio: string;
  active: boolean;
}

type Field = keyof CoachFormValues;

const languageName = (code: string) => LANGUAGE_OPTIONS.find((option) => option.value === code)?.label ?? code;

/**
 * The coach form of /admin/coaches, for adding (from a staff account's email) and editing:
 * display name, languages (chosen from the language list, shown as chips), subjects (short texts,
 * added one by one), bio and, when editing, the active flag. Checked with the server's schema.
 */
export function CoachForm({
  mode,
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  mode: "create" | "edit";
  initial: CoachFormValues;
  pending: boolean;
  onSubmit: (values: CoachFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [subject, setSubject] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field | "subject", string>>>({});
  const prefix = `coach-${mode}`;

  function addSubject() {
    const text = subject.trim();
    if (!text) return;
    if (text.length > COACH_LIMITS.subjectLength)
      return setErrors({ ...errors, subject: `Each subject must be at most ${COACH_LIMITS.subjectLength} characters` });
    if (!values.subjects.some((existing) => existing.toLowerCase() === text.toLowerCase()))
      setValues({ ...values, subjects: [...values.subjects, text] });
    setSubject("");
    setErrors({ ...errors, subject: undefined });
  }
  function onSubjectKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      addSubject();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A subject typed but not added yet still counts.
    const subjects = subject.trim() ? [...values.subjects, subject.trim()] : values.subjects;
    const candidate = { ...values, subjects };
    const parsed =
      mode === "create"
        ? coachCreateSchema.safeParse({
            email: candidate.email,
            displayName: candidate.displayName.trim() || undefined,
            languages: candidate.languages,
            subjects,
            bio: candidate.bio,
          })
        : coachUpdateSchema.safeParse({
            id: "-",
            displayName: candidate.displayName,
            languages: candidate.languages,
            subjects,
            bio: candidate.bio,
            active: candidate.active,
          });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setSubject("");
    onSubmit(candidate);
  }

  const error = (field: Field | "subject") =>
    errors[field] ? (
      <p id={`${prefix}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: Field) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${prefix}-${field}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={mode === "create" ? "Add a coach" : "Edit the coach"}>
      {mode === "create" ? (
        <div>
          <label htmlFor={`${prefix}-email`} className="field-label">
            Staff account email
          </label>
          <input
            id={`${prefix}-email`}
            type="email"
            className="field-input"
            autoComplete="off"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
            {...invalid("email")}
          />
          <p className="mt-1 text-xs text-slate-500">
            The person must already be staff (Staff and roles); a student account cannot be a coach.
          </p>
          {error("email")}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${prefix}-displayName`} className="field-label">
          Display name{mode === "create" ? " (optional: the account's name)" : ""}
        </label>
        <input
          id={`${prefix}-displayName`}
          className="field-input"
          value={values.displayName}
          onChange={(e) => setValues({ ...values, displayName: e.target.value })}
          {...invalid("displayName")}
        />
        {error("displayName")}
      </div>
      <div>
        <span className="field-label" id={`${prefix}-languages-label`}>
          Languages
        </span>
        <LanguageSelect
          aria-labelledby={`${prefix}-languages-label`}
          value={null}
          placeholder="Add a language"
          onChange={(code) => !values.languages.includes(code) && setValues({ ...values, languages: [...values.languages, code] })}
        />
        <Chips
          label="Languages"
          items={values.languages}
          render={languageName}
          onRemove={(code) => setValues({ ...values, languages: values.languages.filter((item) => item !== code) })}
        />
        {error("languages")}
      </div>
      <div>
        <label htmlFor={`${prefix}-subject`} className="field-label">
          Subjects
        </label>
        <div className="flex gap-2">
          <input
            id={`${prefix}-subject`}
            className="field-input"
            placeholder="e.g. uni-assist, visa, CV"
            maxLength={COACH_LIMITS.subjectLength + 10}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            onKeyDown={onSubjectKey}
          />
          <button type="button" className="btn-secondary shrink-0" onClick={addSubject}>
            Add
          </button>
        </div>
        <Chips
          label="Subjects"
          items={values.subjects}
          render={(text) => text}
          onRemove={(text) => setValues({ ...values, subjects: values.subjects.filter((item) => item !== text) })}
        />
        {error("subject")}
        {error("subjects")}
      </div>
      <div>
        <label htmlFor={`${prefix}-bio`} className="field-label">
          Bio
        </label>
        <textarea
          id={`${prefix}-bio`}
          rows={4}
          className="field-input"
          value={values.bio}
          onChange={(e) => setValues({ ...values, bio: e.target.value })}
          {...invalid("bio")}
        />
        {error("bio")}
      </div>
      {mode === "edit" ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={values.active}
            onChange={(e) => setValues({ ...values, active: e.target.checked })}
          />
          <span>
            Active: can be given new requests
            <span className="block text-xs text-slate-500">Deactivating keeps the coach&apos;s requests and history.</span>
          </span>
        </label>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Saving..." : mode === "create" ? "Add coach" : "Save changes"}
        </button>
      </div>
    </form>
  );
}

function Chips({
  label,
  items,
  render,
  onRemove,
}: {
  label: string;
  items: string[];
  render: (item: string) => string;
  onRemove: (item: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={label}>
      {items.map((item) => (
        <li
          key={item}
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-700"
        >
          {render(item)}
          <button
            type="button"
            className="rounded-full px-1 hover:bg-brand-100"
            aria-label={`Remove ${render(item)}`}
            onClick={() => onRemove(item)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
