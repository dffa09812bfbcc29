"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { useSession } from "~/components/auth/session";
import { OFFLINE_SNAPSHOT_KEY } from "~/lib/offline-snapshot-key";
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

// Watching the API's answers needs the API client: loaded for signed-in users only.
const OfflineSnapshotRecorder = dynamic(() => import("./offline-snapshot-recorder").then((module) => module.OfflineSnapshotRecorder), {
  ssr: false,
});

/** A real sign-out (the session answer says nobody) deletes the offline snapshot; being offline does not. */
function useSnapshotClearedOnSignOut() {
  const { status } = useSession();
  useEffect(() => {
    // Only a kept snapshot needs the check (most visitors have none).
    if (status !== "unauthenticated" || localStorage.getItem(OFFLINE_SNAPSHOT_KEY) === null) return;
    fetch("/api/auth/session", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then(async (answer: { user?: unknown } | null) => {
        if (answer && !answer.user) (await import("~/lib/offline-snapshot")).clearSnapshot(localStorage);
      })
      .catch(() => {}); // offline: keep it, that is what it is for
  }, [status]);
}

/** The app's progressive web app parts that run on every page. */
export function PwaSupport() {
  useServiceWorker();
  useSnapshotClearedOnSignOut();
  const { data: session } = useSession();
  const userId = session?.user?.id;
  return userId ? <OfflineSnapshotRecorder userId={userId} /> : null;
}
