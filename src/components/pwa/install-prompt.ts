"use client";

import { useSyncExternalStore } from "react";

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * The browser's install offer, kept from the moment it fires (often before the button that uses it
 * mounts): "available" with the event, "installed" once the app runs installed or was just installed.
 */
type InstallState = { kind: "unavailable" } | { kind: "available"; event: BeforeInstallPromptEvent } | { kind: "installed" };

let state: InstallState = { kind: "unavailable" };
const listeners = new Set<() => void>();
const set = (next: InstallState) => {
  state = next;
  for (const listener of listeners) listener();
};

let listening = false;
/** Starts listening for the browser's install offer; called once by the service worker registrar. */
export function listenForInstallPrompt() {
  if (listening || typeof window === "undefined") return;
  listening = true;
  // Kept by EARLY_INSTALL_OFFER_SCRIPT when the offer came before this script started.
  const early = (window as { __swipeabroadInstallOffer?: BeforeInstallPromptEvent }).__swipeabroadInstallOffer;
  if (window.matchMedia?.("(display-mode: standalone)").matches) set({ kind: "installed" });
  else if (early) set({ kind: "available", event: early });
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // shown from our own button instead of the browser's mini bar
    set({ kind: "available", event: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => set({ kind: "installed" }));
}

/** Shows the browser's install dialog; true when the user installed the app. */
export async function promptInstall(): Promise<boolean> {
  if (state.kind !== "available") return false;
  const { event } = state;
  await event.prompt();
  const { outcome } = await event.userChoice;
  set(outcome === "accepted" ? { kind: "installed" } : { kind: "unavailable" });
  return outcome === "accepted";
}

const SERVER_STATE: InstallState = { kind: "unavailable" };

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => SERVER_STATE,
  );
}

/** iPhone and iPad browsers have no install prompt: the app is added from the Share menu (iPadOS reports a Mac with touch). */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
