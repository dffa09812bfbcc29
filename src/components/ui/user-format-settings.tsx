"use client";

import dynamic from "next/dynamic";
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { useSession } from "~/components/auth/session";
import { READER_ZONE_COOKIE, runtimeTimeZone, type UserFormatSettings } from "~/lib/locale";

const UserFormatSettingsContext = createContext<UserFormatSettings>({});

// The signed-in user's settings load with the API client, for signed-in users only.
const SignedInFormat = dynamic(() => import("./signed-in-format").then((module) => module.SignedInFormat), {
  ssr: false,
});

const noSubscription = () => () => {};
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The reader's language and time zone for dates and numbers (./user-format.tsx): a signed-in user's
 * settings; for a visitor, the browser's zone. The server writes the page in the zone the browser last
 * kept in a cookie (`serverZone`), and the page comes alive in that same zone (no mismatch), then
 * moves to the browser's own if it differs (only on a first visit, before the cookie exists: until
 * then times name their zone, see useUserFormat). The
 * profile shares the settings query, so a saved setting applies at once.
 */
export function UserFormatProvider({ serverZone, children }: { serverZone: string | null; children: ReactNode }) {
  const { status } = useSession();
  const [settings, setSettings] = useState<UserFormatSettings>({});
  const browserZone = useSyncExternalStore(noSubscription, runtimeTimeZone, () => serverZone);
  const signedIn = status === "authenticated";
  // Until a signed-in user's settings arrive, the zone the page was written in (theirs, last time).
  const timeZone = signedIn ? (settings.timeZone ?? serverZone ?? browserZone) : browserZone;
  useEffect(() => {
    // The first visit's cookie is set by READER_ZONE_EARLY_SCRIPT already. Browsers without the Cookie
    // Store API keep that one: a zone chosen in Settings shows once their page is alive.
    if (timeZone && timeZone !== serverZone && typeof window.cookieStore !== "undefined") {
      void window.cookieStore
        .set({ name: READER_ZONE_COOKIE, value: timeZone, path: "/", sameSite: "lax", expires: Date.now() + ONE_YEAR_MS })
        .catch(() => {});
    }
  }, [timeZone, serverZone]);
  return (
    <UserFormatSettingsContext.Provider value={{ language: signedIn ? settings.language : null, timeZone }}>
      {children}
      {signedIn ? <SignedInFormat onSettings={setSettings} /> : null}
    </UserFormatSettingsContext.Provider>
  );
}

export function useUserFormatSettings(): UserFormatSettings {
  return useContext(UserFormatSettingsContext);
}
