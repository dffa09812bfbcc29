"use client";

import { LANGUAGE_CHOICES, timeZoneChoices } from "~/lib/locale";
import type { Option } from "~/lib/options";
import type { StudentUpdate } from "~/lib/schemas/student";
import { api } from "~/trpc/react";
import { EditableCard } from "./editable-card";
import type { FieldSpec } from "./fields";
import type { Student } from "./types";

const opts = (pairs: [string, string][]): Option[] => pairs.map(([value, label]) => ({ value, label }));
const ENABLED_DISABLED = opts([
  ["enabled", "Enabled"],
  ["disabled", "Disabled"],
]);

const PRIVACY_FIELDS: FieldSpec[] = [
  {
    name: "profileVisibility",
    label: "Profile visibility",
    kind: {
      options: opts([
        ["public", "Public"],
        ["private", "Private"],
        ["friends", "Friends"],
      ]),
    },
  },
  {
    name: "dataSharing",
    label: "Data sharing",
    kind: {
      options: opts([
        ["full", "Full"],
        ["limited", "Limited"],
        ["minimal", "Minimal"],
      ]),
    },
  },
  { name: "activityTracking", label: "Activity tracking", kind: { options: ENABLED_DISABLED } },
  { name: "marketingCommunications", label: "Marketing communications", kind: { options: ENABLED_DISABLED } },
];

/**
 * What the language setting changes, as true of this server: the assistant answers in it where a
 * hosted model serves the chat; otherwise answers come in English from the guides (said once known).
 */
function languageHelp(hostedModel: boolean | undefined): string {
  const base = "The site's texts are in English. This setting changes how dates and numbers are written for you.";
  if (hostedModel === undefined) return base;
  const assistant = hostedModel
    ? "The assistant answers in the language chosen here (with English, in the language of your question); passages quoted from our guides stay in English."
    : "The assistant answers in English, from our guides, which are written in English; a question asked in German gets a short note in German saying so.";
  return `${base} ${assistant}`;
}

function preferenceFields(currentZone: string | null, hostedModel: boolean | undefined): FieldSpec[] {
  return [
    { name: "language", label: "Language", kind: { options: LANGUAGE_CHOICES }, help: languageHelp(hostedModel) },
    {
      name: "timeZone",
      label: "Time zone",
      kind: { options: timeZoneChoices(currentZone) },
      help: "Dates and times on your profile, billing, requests, documents and coaching slots, and in our mails, are shown in this zone.",
    },
    { name: "emailNotifications", label: "Email notifications", kind: "toggle" },
    { name: "smsNotifications", label: "SMS notifications", kind: "toggle" },
    { name: "roadmapDigest", label: "Weekly roadmap digest (steps due in the next 14 days)", kind: "toggle" },
    { name: "communityDigest", label: "Daily community digest (unread replies, mentions and likes)", kind: "toggle" },
  ];
}

const valuesOf = (student: Student, fields: FieldSpec[]) =>
  Object.fromEntries(fields.map((f) => [f.name, String((student as Record<string, unknown>)[f.name] ?? "")]));

const TOGGLE_FIELDS = new Set(["emailNotifications", "smsNotifications", "roadmapDigest", "communityDigest"]);

/** Toggles travel as booleans; everything else as the chosen string. */
const settingsUpdate = (values: Record<string, string>): StudentUpdate =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, TOGGLE_FIELDS.has(key) ? value === "true" : value]),
  ) as StudentUpdate;

export function SettingsTab({ student, onSaved }: { student: Student; onSaved: () => void }) {
  const facts = api.students.settingsFacts.useQuery(undefined, { staleTime: Infinity });
  const preferences = preferenceFields(student.timeZone, facts.data?.hostedModel);
  return (
    <div className="space-y-6">
      <EditableCard
        title="Settings & Preferences"
        fields={preferences}
        initial={valuesOf(student, preferences)}
        toUpdate={settingsUpdate}
        onSaved={onSaved}
      />
      <EditableCard
        title="Privacy"
        fields={PRIVACY_FIELDS}
        initial={valuesOf(student, PRIVACY_FIELDS)}
        toUpdate={settingsUpdate}
        onSaved={onSaved}
      />
    </div>
  );
}
