"use client";

import { type ReactNode, useRef } from "react";

const HIDE_DELAY_MS = 150;

/** The popover a pointer event concerns: the one its button names (data-hover-popover), or the popover it is in. */
function popoverOf(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const trigger = target.closest<HTMLElement>("[data-hover-popover]");
  if (trigger) return document.getElementById(trigger.dataset.hoverPopover ?? "");
  return target.closest<HTMLElement>("[popover]");
}

/**
 * Native popovers inside (buttons with popovertarget and data-hover-popover) also open while the mouse
 * rests on their button or on the popover, and close shortly after it leaves both. A click on a button
 * whose popover the mouse opened keeps it open until Escape or a click elsewhere. One listener for all.
 */
export function HoverPopovers({ children, className }: { children: ReactNode; className?: string }) {
  const hideTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(new Set<HTMLElement>());

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated handler; the popover triggers inside are buttons
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated handler; the popover triggers inside are buttons
    <div
      className={className}
      onPointerOver={(event) => {
        if (event.pointerType !== "mouse") return;
        const popover = popoverOf(event.target);
        if (!popover) return;
        window.clearTimeout(hideTimer.current);
        if (!popover.matches(":popover-open")) {
          popover.showPopover();
          openedByHover.current.add(popover);
        }
      }}
      onPointerOut={(event) => {
        if (event.pointerType !== "mouse") return;
        const popover = popoverOf(event.target);
        if (!popover || !openedByHover.current.has(popover) || popoverOf(event.relatedTarget) === popover) return;
        hideTimer.current = window.setTimeout(() => {
          openedByHover.current.delete(popover);
          if (popover.matches(":popover-open")) popover.hidePopover();
        }, HIDE_DELAY_MS);
      }}
      onClick={(event) => {
        const trigger = event.target instanceof Element ? event.target.closest("[data-hover-popover]") : null;
        const popover = popoverOf(trigger);
        if (!popover || !openedByHover.current.delete(popover) || !popover.matches(":popover-open")) return;
        // The mouse already opened it: the click pins it rather than toggling it shut.
        window.clearTimeout(hideTimer.current);
        event.preventDefault();
      }}
    >
      {children}
    </div>
  );
}
