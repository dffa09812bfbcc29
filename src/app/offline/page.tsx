import type { Metadata } from "next";
import { OfflineReader } from "~/components/pwa/offline-reader";

export const metadata: Metadata = { title: "Offline", robots: { index: false } };

/** Shown by the service worker (public/sw.js) when a page cannot load without a connection. */
export default function OfflinePage() {
  return <OfflineReader />;
}
