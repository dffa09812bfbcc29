"use client";

import { useRouter } from "next/navigation";
import type { MouseEvent, ReactNode } from "react";

/**
 * A box whose plain links navigate within the app, as next/link does, with one listener for all of
 * them: a carousel has hundreds of links, and a Link each would make the page slow to come alive.
 * A click with a modifier key or on a link to another site or window is left to the browser.
 */
export function SoftLinks({
  children,
  className,
  role,
  label,
}: {
  children: ReactNode;
  className?: string;
  role?: string;
  label?: string;
}) {
  const router = useRouter();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a[href]");
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    router.push(`${url.pathname}${url.search}${url.hash}`);
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated handler; the links inside take the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated handler; the links inside take the keyboard
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the caller passes the role that its label names
    <div className={className} role={role} aria-label={label} onClick={onClick}>
      {children}
    </div>
  );
}
