"use client";

import type { Session } from "next-auth";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

/**
 * The signed-in user's session on the client, read from next-auth's `/api/auth/session`. The same
 * contract as next-auth's `useSession` (data, status, update), without its client library on every
 * page: `signIn` and `signOut` load it when called (./sign-in-out.ts).
 */
export type SessionState =
  | { data: Session; status: "authenticated"; update: () => Promise<Session | null> }
  | { data: null; status: "loading" | "unauthenticated"; update: () => Promise<Session | null> };

const SessionContext = createContext<SessionState>({ data: null, status: "loading", update: async () => null });

/** next-auth's message between tabs (localStorage), so a sign-in or sign-out in one tab reaches the others. */
const TAB_MESSAGE_KEY = "nextauth.message";

async function fetchSession(): Promise<Session | null | undefined> {
  try {
    const response = await fetch("/api/auth/session", { cache: "no-store" });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Session | Record<string, never>;
    return body && "user" in body ? (body as Session) : null;
  } catch {
    return undefined; // offline: keep what is known
  }
}

function tellOtherTabs() {
  try {
    localStorage.setItem(
      TAB_MESSAGE_KEY,
      JSON.stringify({ event: "session", data: { trigger: "getSession" }, timestamp: Math.floor(Date.now() / 1000) }),
    );
  } catch {
    // storage refused (private mode): the other tabs learn it on their next load
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);

  const load = useCallback(async (broadcast: boolean) => {
    const next = await fetchSession();
    if (next !== undefined) setSession(next);
    else setSession((current) => current ?? null);
    if (broadcast) tellOtherTabs();
    return next ?? null;
  }, []);

  useEffect(() => {
    void load(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TAB_MESSAGE_KEY || !event.newValue) return;
      const message = JSON.parse(event.newValue) as { event?: string; data?: unknown } | null;
      if (message?.event === "session" && message.data) void load(false);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [load]);

  const update = useCallback(() => load(true), [load]);
  const value = useMemo<SessionState>(
    () =>
      session
        ? { data: session, status: "authenticated", update }
        : { data: null, status: session === undefined ? "loading" : "unauthenticated", update },
    [session, update],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session: `status` is "loading" until the first answer, then "authenticated" or "unauthenticated". */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
