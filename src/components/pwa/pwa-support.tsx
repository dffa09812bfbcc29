"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useEffect } from "react";
import { clearSnapshot, OFFLINE_SNAPSHOT_KEY, recordConversation, recordSavedResults, staleConversations } from "~/lib/offline-snapshot";
import { api, type RouterOutputs } from "~/trpc/react";
import { listenForInstallPrompt } from "./install-prompt";

/** The offline page is fetched again (with its scripts) at most this often while the app is online. */
const OFFLINE_PAGE_REFRESH_MS = 60 * 60_000;

/** Registers the service worker (public/sw.js) in production builds, and listens for the install offer. */
function useServiceWorker() {
  useEffect(() => {
    listenForInstallPrompt();
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(async (registration) => {
        // After a new release the cached offline page would load old scripts: refresh it now and then.
        const last = Number(localStorage.getItem("swipeabroad:offline-page-refreshed") ?? 0);
        if (!navigator.onLine || Date.now() - last < OFFLINE_PAGE_REFRESH_MS) return;
        const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
        worker?.postMessage({ type: "refresh-offline-page" });
        localStorage.setItem("swipeabroad:offline-page-refreshed", String(Date.now()));
      })
      .catch((error: unknown) => console.warn("[pwa] the service worker could not be registered:", error));
  }, []);
}

type QueryPath = readonly [string, string] | readonly [string, string, string];
const pathIs = (key: readonly unknown[], path: QueryPath) => JSON.stringify(key[0]) === JSON.stringify(path);

/**
 * Keeps what the signed-in user reads for offline reading (src/lib/offline-snapshot.ts): every
 * conversation `chat.get` loads, the newest conversations `chat.list` names, the saved tool results.
 * A real sign-out (the session answer says nobody) deletes it; being offline does not.
 */
function useOfflineSnapshot() {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  const { data: session, status } = useSession();
  const userId = session?.user?.id ?? null;

  useEffect(() => {
    // Only a kept snapshot needs the check (most visitors have none).
    if (status !== "unauthenticated" || localStorage.getItem(OFFLINE_SNAPSHOT_KEY) === null) return;
    fetch("/api/auth/session", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer: { user?: unknown } | null) => answer && !answer.user && clearSnapshot(localStorage))
      .catch(() => {}); // offline: keep it, that is what it is for
  }, [status]);

  useEffect(() => {
    if (!userId) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      const { queryKey } = event.query;
      const data: unknown = event.action.data;
      if (pathIs(queryKey, ["chat", "get"])) recordConversation(localStorage, userId, data as RouterOutputs["chat"]["get"]);
      else if (pathIs(queryKey, ["tools", "saved", "list"])) recordSavedResults(localStorage, userId, data as RouterOutputs["tools"]["saved"]["list"]);
      else if (pathIs(queryKey, ["chat", "list"])) {
        for (const id of staleConversations(localStorage, userId, data as RouterOutputs["chat"]["list"])) void utils.chat.get.fetch({ id }).catch(() => {});
      }
    });
  }, [queryClient, utils, userId]);
}

/** The app's progressive web app parts that run on every page. */
export function PwaSupport() {
  useServiceWorker();
  useOfflineSnapshot();
  return null;
}
