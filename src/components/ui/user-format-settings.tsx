"use client";

import dynamic from "next/dynamic";
import { createContext, type ReactNode, useContext, useState } from "react";
import { useSession } from "~/components/auth/session";
import type { UserFormatSettings } from "~/lib/locale";

const UserFormatSettingsContext = createContext<UserFormatSettings>({});

// The signed-in user's settings load with the API client, for signed-in users only.
const SignedInFormat = dynamic(() => import("./signed-in-format").then((module) => module.SignedInFormat), {
  ssr: false,
});

/**
 * The signed-in user's language and time zone (Settings) for dates and numbers (./user-format.tsx);
 * none for visitors, who get the defaults. The profile shares the query, so a saved setting applies at once.
 */
export function UserFormatProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [settings, setSettings] = useState<UserFormatSettings>({});
  return (
    <UserFormatSettingsContext.Provider value={settings}>
      {children}
      {status === "authenticated" ? <SignedInFormat onSettings={setSettings} /> : null}
    </UserFormatSettingsContext.Provider>
  );
}

export function useUserFormatSettings(): UserFormatSettings {
  return useContext(UserFormatSettingsContext);
}
