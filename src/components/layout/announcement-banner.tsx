"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import type { PublicSiteTexts } from "~/lib/schemas/site-texts";

type Banner = NonNullable<PublicSiteTexts["banner"]>;

const TONES = {
  info: "border-brand-100 bg-brand-50 text-brand-700",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

const DISMISSED_KEY = "announcement-dismissed";

/** The banner's look, shared by the site and the preview in /admin/site-texts. */
export function BannerView({ banner, onDismiss, label = "Announcement" }: { banner: Banner; onDismiss?: () => void; label?: string }) {
  const external = /^https?:/.test(banner.linkUrl);
  const linkClass = "font-semibold underline underline-offset-2 hover:no-underline";
  const linkLabel = banner.linkLabel || "Read more";
  return (
    <div role="region" aria-label={label} className={`border-b text-sm ${TONES[banner.tone]}`}>
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2">
        <p className="flex-1">
          {banner.text}
          {banner.linkUrl ? (
            <>
              {" "}
              {external ? (
                <a href={banner.linkUrl} className={linkClass} rel="noopener noreferrer">
                  {linkLabel}
                </a>
              ) : (
                <Link href={banner.linkUrl} className={linkClass}>
                  {linkLabel}
                </Link>
              )}
            </>
          ) : null}
        </p>
        {onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            className="-my-1 rounded p-1 leading-none hover:bg-black/5"
            aria-label="Dismiss the announcement"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The announcement staff set in /admin/site-texts, above every public page (not in /admin). A
 * visitor may dismiss it for the rest of the browser session; a new text shows again.
 */
export function AnnouncementBanner({ banner }: { banner: PublicSiteTexts["banner"] }) {
  const pathname = usePathname();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      setDismissed(Boolean(banner) && window.sessionStorage.getItem(DISMISSED_KEY) === banner!.text);
    } catch {
      // Storage blocked: the banner stays.
    }
  }, [banner]);
  if (!banner || dismissed || pathname.startsWith("/admin")) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, banner.text);
    } catch {
      // Hidden on this page only then.
    }
  };
  return <BannerView banner={banner} onDismiss={dismiss} />;
}
