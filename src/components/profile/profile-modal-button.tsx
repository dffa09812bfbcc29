"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { withApiClient } from "~/trpc/lazy";

// The modal holds every profile panel, billing and the card form: loaded when first opened, not with each page.
const loadProfileModal = withApiClient(() => import("./profile-modal").then((module) => module.ProfileModal));
const ProfileModal = dynamic(loadProfileModal, { ssr: false });

/** A button that opens the profile modal (used in the header on wider screens). */
export function ProfileModalButton({ className = "btn-secondary px-3" }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadProfileModal()}
        aria-label="Quick settings"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z" />
        </svg>
      </button>
      {open ? <ProfileModal open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
