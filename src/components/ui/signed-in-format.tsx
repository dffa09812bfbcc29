"use client";

import { useEffect } from "react";
import type { UserFormatSettings } from "~/lib/locale";
import { api, TRPCReactProvider } from "~/trpc/react";

function StudentSettings({ onSettings }: { onSettings: (settings: UserFormatSettings) => void }) {
  const student = api.students.me.useQuery(undefined, { retry: false });
  const language = student.data?.language;
  const timeZone = student.data?.timeZone;
  useEffect(() => onSettings({ language, timeZone }), [language, timeZone, onSettings]);
  return null;
}

/** Reads the signed-in user's language and time zone (`students.me`, shared with the profile) for the format. */
export function SignedInFormat({ onSettings }: { onSettings: (settings: UserFormatSettings) => void }) {
  return (
    <TRPCReactProvider>
      <StudentSettings onSettings={onSettings} />
    </TRPCReactProvider>
  );
}
