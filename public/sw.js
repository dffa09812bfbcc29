/*
 * SwipeAbroad's service worker (registered by src/components/pwa/pwa-support.tsx). It keeps the
 * offline page (/offline) with the build files it loads, and answers a page load that fails for want
 * of a network with that page, which shows what the app saved on this device (the last
 * conversations, the saved tool results). Everything else goes to the network as usual; answers of
 * the API are never cached here.
 */
const VERSION = "v1";
const PAGES_CACHE = `swipeabroad-pages-${VERSION}`;
const STATIC_CACHE = `swipeabroad-static-${VERSION}`;
const OFFLINE_URL = "/offline";
const APP_FILES = ["/manifest.webmanifest", "/favicon.ico", "/icons/icon-192.png", "/icons/icon-512.png", "/apple-touch-icon.png"];

/** The offline page as a signed-out visitor sees it (no personal data in it), and every build file it names. */
async function cacheOfflinePage() {
  const response = await fetch(OFFLINE_URL, { cache: "no-store", credentials: "omit" });
  if (!response.ok) throw new Error(`${OFFLINE_URL} answered ${response.status}`);
  const html = await response.clone().text();
  const buildFiles = [...new Set(html.match(/\/_next\/static\/[^"'\s\\)<>]+/g) ?? [])];
  const wanted = [...buildFiles, ...APP_FILES];
  const statics = await caches.open(STATIC_CACHE);
  await Promise.all(wanted.map((url) => statics.add(url).catch(() => undefined)));
  await (await caches.open(PAGES_CACHE)).put(OFFLINE_URL, response);
  // Files of earlier releases are no longer needed.
  const kept = new Set(wanted.map((url) => new URL(url, self.location.origin).href));
  await Promise.all((await statics.keys()).filter((request) => !kept.has(request.url)).map((request) => statics.delete(request)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("swipeabroad-") && ![PAGES_CACHE, STATIC_CACHE].includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "refresh-offline-page") event.waitUntil(cacheOfflinePage().catch(() => undefined));
});

/** Build files never change under their name: the offline page's from the cache, the others from the network. */
async function buildFile(request) {
  return (await caches.match(request, { cacheName: STATIC_CACHE })) ?? fetch(request);
}

/** From the network; without one, the cached copy (`fallback`: the offline page for pages, the file itself otherwise). */
async function networkOr(request, fallback, cacheName) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(fallback, { cacheName });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(networkOr(request, OFFLINE_URL, PAGES_CACHE));
  else if (url.pathname.startsWith("/_next/static/")) event.respondWith(buildFile(request));
  else if (APP_FILES.includes(url.pathname)) event.respondWith(networkOr(request, request, STATIC_CACHE));
});
