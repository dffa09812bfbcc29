"use client";

import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";
import { api } from "~/trpc/react";
import { AccountTab } from "./account-tab";
import { BillingTab } from "~/components/billing/billing-tab";
import { ProfileTab } from "./profile-tab";
import { SecurityTab } from "./security-tab";
import { SettingsTab } from "./settings-tab";

const MODAL_TABS = [
  { value: "profile", label: "Profile" },
  { value: "settings", label: "Settings" },
  { value: "security", label: "Security" },
  { value: "billing", label: "Billing" },
  { value: "account", label: "Account" },
] as const;

/** The profile in a modal (spec 2.10): the same panels as the page, each saving on its own. */
export function ProfileModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const student = api.students.me.useQuery(undefined, { enabled: open, retry: false });
  const refetch = () => void student.refetch();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-1rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-slate-50 shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-slate-200 bg-white px-5 py-4">
            <Dialog.Title className="text-lg font-semibold">Your profile</Dialog.Title>
            <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">✕</Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Edit your profile, settings, security and billing.</Dialog.Description>
          <div className="overflow-y-auto p-4 sm:p-5">
            {!student.data ? (
              <p className="text-sm text-slate-500" role="status">{student.isPending ? "Loading your profile..." : "Failed to load your profile. Please try again."}</p>
            ) : (
              <Tabs.Root defaultValue="profile">
                <Tabs.List aria-label="Profile sections" className="flex flex-wrap gap-1 rounded-xl bg-slate-200/60 p-1 sm:flex-nowrap sm:overflow-x-auto">
                  {MODAL_TABS.map((tab) => (
                    <Tabs.Trigger key={tab.value} value={tab.value} className="flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-700">
                      {tab.label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <div className="mt-4">
                  <Tabs.Content value="profile"><ProfileTab student={student.data} onSaved={refetch} /></Tabs.Content>
                  <Tabs.Content value="settings"><SettingsTab student={student.data} onSaved={refetch} /></Tabs.Content>
                  <Tabs.Content value="security"><SecurityTab email={student.data.email} /></Tabs.Content>
                  <Tabs.Content value="billing"><BillingTab /></Tabs.Content>
                  <Tabs.Content value="account"><AccountTab compact /></Tabs.Content>
                </div>
              </Tabs.Root>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button that opens the profile modal (used in the header on wider screens). */
export function ProfileModalButton({ className = "btn-secondary px-3" }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label="Quick settings">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z" />
        </svg>
      </button>
      {open ? <ProfileModal open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
