import type { Metadata, Viewport } from "next";
import dynamic from "next/dynamic";
import { cookies, headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { VerifyEmailBanner } from "~/components/auth/verify-email-banner";
import { MiniChat } from "~/components/chat/mini-chat";
import { SiteFooter } from "~/components/layout/site-footer";
import { PwaSupport } from "~/components/pwa/pwa-support";
import { SiteHeader } from "~/components/site-header";
import { READER_ZONE_COOKIE, READER_ZONE_EARLY_SCRIPT, readerZoneFromCookie } from "~/lib/locale";
import { EARLY_INSTALL_OFFER_SCRIPT, THEME_COLOR } from "~/lib/web-app-manifest";
import { Providers } from "./providers";
import { loadSiteTexts } from "./site-texts";
import "./globals.css";

// Most of the time there is no announcement: its code loads only with one.
const AnnouncementBanner = dynamic(() => import("~/components/layout/announcement-banner").then((module) => module.AnnouncementBanner));

export const metadata: Metadata = {
  title: { default: "SwipeAbroad - plan your studies and move to Germany", template: "%s | SwipeAbroad" },
  description: "An AI assistant, guides and tools for students and professionals planning to study or move to Germany.",
  // The manifest is linked by src/app/manifest.ts; the icons are drawn by scripts/pwa-icons.ts.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icons/icon-192.png", type: "image/png", sizes: "192x192" },
    ],
    apple: "/apple-touch-icon.png",
  },
  appleWebApp: { capable: true, title: "SwipeAbroad", statusBarStyle: "default" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: THEME_COLOR };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next can put this request's CSP nonce (src/proxy.ts) on its scripts.
  await connection();
  const siteTexts = await loadSiteTexts();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // Dates are written in the reader's zone, as their browser last said (src/components/ui/user-format-settings.tsx).
  const readerZone = readerZoneFromCookie((await cookies()).get(READER_ZONE_COOKIE)?.value);
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, allowed by its nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_INSTALL_OFFER_SCRIPT }} />
        {readerZone ? null : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, allowed by its nonce
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: READER_ZONE_EARLY_SCRIPT }} />
        )}
        <Providers readerZone={readerZone}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
          >
            Skip to content
          </a>
          {siteTexts.banner ? <AnnouncementBanner banner={siteTexts.banner} /> : null}
          <SiteHeader />
          <VerifyEmailBanner />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter supportHours={siteTexts.supportHours} />
          <MiniChat />
          <PwaSupport />
        </Providers>
      </body>
    </html>
  );
}
