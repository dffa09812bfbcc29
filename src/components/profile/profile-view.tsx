"use client";

import { useSession } from "next-auth/react";
import { useState } from "react";
import { toast } from "sonner";
import { useAuthModal } from "~/components/auth/auth-modals";
import { GENDERS, type StudentUpdate } from "~/lib/schemas/student";
import { api, type RouterOutputs } from "~/trpc/react";
import { saveProfile } from "./save-profile";

type Student = RouterOutputs["students"]["me"];
type FieldSpec = { name: keyof StudentUpdate & keyof Student; label: string; type?: "text" | "tel" | "date" | "gender" };

const PERSONAL_FIELDS: FieldSpec[] = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "dateOfBirth", label: "Date of birth", type: "date" },
  { name: "gender", label: "Gender", type: "gender" },
  { name: "nationality", label: "Nationality" },
  { name: "country", label: "Country of residence" },
];
const EMERGENCY_FIELDS: FieldSpec[] = [
  { name: "emergencyContactName", label: "Name" },
  { name: "emergencyContactPhone", label: "Phone", type: "tel" },
];
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: "Male", female: "Female", prefer_not_to_say: "Prefer not to say" };

export function ProfileView() {
  const { status } = useSession();
  const { open } = useAuthModal();
  const student = api.students.me.useQuery(undefined, { enabled: status === "authenticated" });

  if (status === "loading" || (status === "authenticated" && student.isPending)) {
    return <div className="mx-auto max-w-4xl px-4 py-10 text-slate-500">Loading your profile...</div>;
  }
  if (status === "unauthenticated") {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10">
        <p className="text-slate-700">Log in to see and edit your profile.</p>
        <button type="button" className="btn-primary mt-4" onClick={() => open("login")}>Login</button>
      </div>
    );
  }
  if (!student.data) {
    return <div className="mx-auto max-w-4xl px-4 py-10 text-red-700">Failed to load your profile. Please try again.</div>;
  }
  const data = student.data;
  const initials = `${data.firstName[0] ?? ""}${data.lastName[0] ?? ""}`.toUpperCase();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <button type="button" className="text-sm text-brand-600 hover:underline" onClick={() => window.history.back()}>← Back</button>
      <header className="flex items-center gap-4">
        <div className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700" aria-hidden>{initials}</div>
        <div>
          <h1 className="text-2xl font-bold" data-testid="profile-name">{data.name}</h1>
          <p className="text-sm text-slate-600">
            {data.email} · <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold uppercase">{data.platformActivity.membershipStatus}</span>
          </p>
        </div>
      </header>
      <p className="text-sm text-slate-600">Profile completion: {data.profileCompletion}%</p>
      <ProfileCard title="Personal Information" fields={PERSONAL_FIELDS} student={data} onSaved={() => student.refetch()} showEmail />
      <ProfileCard title="Emergency Contact" fields={EMERGENCY_FIELDS} student={data} onSaved={() => student.refetch()} />
    </div>
  );
}

function ProfileCard(props: { title: string; fields: FieldSpec[]; student: Student; onSaved: () => void; showEmail?: boolean }) {
  const initial = () => Object.fromEntries(props.fields.map((f) => [f.name, (props.student[f.name] as string | null) ?? ""]));
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(initial);

  async function save() {
    setSaving(true);
    try {
      const update = Object.fromEntries(props.fields.map((f) => [f.name, values[f.name] === "" && f.type === "gender" ? null : values[f.name]]));
      await saveProfile(update as StudentUpdate);
      const nameChanged = values.firstName !== undefined && (values.firstName !== props.student.firstName || values.lastName !== props.student.lastName);
      toast.success("Changes saved successfully!");
      setEditing(false);
      if (nameChanged) window.location.reload();
      else props.onSaved();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : "Failed to save changes. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={props.title}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{props.title}</h2>
        {editing ? (
          <div className="flex gap-2">
            <button type="button" className="btn-secondary" disabled={saving} onClick={() => { setValues(initial()); setEditing(false); }}>Cancel</button>
            <button type="button" className="btn-primary" disabled={saving} onClick={save}>{saving ? "Saving..." : "Save"}</button>
          </div>
        ) : (
          <button type="button" className="btn-secondary" onClick={() => { setValues(initial()); setEditing(true); }}>Edit</button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {props.showEmail ? (
          <div>
            <label className="field-label" htmlFor="profile-email">Email</label>
            <input id="profile-email" className="field-input" value={props.student.email} readOnly disabled />
          </div>
        ) : null}
        {props.fields.map((field) => {
          const id = `profile-${field.name}`;
          const common = { id, className: "field-input", disabled: !editing || saving, value: values[field.name] ?? "" };
          return (
            <div key={field.name}>
              <label className="field-label" htmlFor={id}>{field.label}</label>
              {field.type === "gender" ? (
                <select {...common} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}>
                  <option value="">Not set</option>
                  {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
                </select>
              ) : (
                <input
                  {...common}
                  type={field.type ?? "text"}
                  max={field.type === "date" ? new Date().toISOString().slice(0, 10) : undefined}
                  onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
