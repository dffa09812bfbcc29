import type { MetadataRoute } from "next";
import { SITE } from "./site";

/** The brand colour of the icons and the browser's bar. */
export const THEME_COLOR = "#1d4ed8";

/** The web app manifest (/manifest.webmanifest): what an installed SwipeAbroad is called, starts with and looks like. */
export function webAppManifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: `${SITE.brand}: study and move to Germany`,
    short_name: SITE.brand,
    description: "An AI assistant, guides and tools for students and professionals planning to study or move to Germany.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    lang: "en",
    categories: ["education", "productivity"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: "Ask SwipeAI", url: "/swipe-ai", icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] },
      { name: "Saved for offline reading", url: "/offline", icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] },
    ],
  };
}

/**
 * The browser may offer installation before the page's scripts have started: this inline script (run
 * with the page's nonce, from the root layout) keeps the offer on `window` until they do
 * (src/components/pwa/install-prompt.ts).
 */
export const EARLY_INSTALL_OFFER_SCRIPT =
  "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__swipeabroadInstallOffer=e});";
