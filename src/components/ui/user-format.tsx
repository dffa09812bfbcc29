"use client";

import { useSession } from "next-auth/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { userFormat, type UserFormat } from "~/lib/locale";
import { api } from "~/trpc/react";

const UserFormatContext = createContext<UserFormat>(userFormat());

/**
 * Dates and numbers in the signed-in user's language and time zone (Settings); the defaults
 * (English (United Kingdom), Europe/Berlin) for visitors. The profile shares the query, so a saved
 * setting applies at once.
 */
export function UserFormatProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const student = api.students.me.useQuery(undefined, { enabled: status === "authenticated", retry: false });
  const language = student.data?.language;
  const timeZone = student.data?.timeZone;
  const format = useMemo(() => userFormat({ language, timeZone }), [language, timeZone]);
  return <UserFormatContext.Provider value={format}>{children}</UserFormatContext.Provider>;
}

/** The signed-in user's date and number formatting. */
export function useUserFormat(): UserFormat {
  return useContext(UserFormatContext);
}
