"use client";

import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { BillingTab } from "~/components/billing/billing-tab";
import { api } from "~/trpc/react";
import { AccountTab } from "./account-tab";
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

/** The profile in a modal: the same panels as the page, each saving on its own. */
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
            <Dialog.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              ✕
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Edit your profile, settings, security and billing.</Dialog.Description>
          <div className="overflow-y-auto p-4 sm:p-5">
            {!student.data ? (
              <p className="text-sm text-slate-500" role="status">
                {student.isPending ? "Loading your profile..." : "Failed to load your profile. Please try again."}
              </p>
            ) : (
              <Tabs.Root defaultValue="profile">
                <Tabs.List
                  aria-label="Profile sections"
                  className="flex flex-wrap gap-1 rounded-xl bg-slate-200/60 p-1 sm:flex-nowrap sm:overflow-x-auto"
                >
                  {MODAL_TABS.map((tab) => (
                    <Tabs.Trigger
                      key={tab.value}
                      value={tab.value}
                      className="flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-700"
                    >
                      {tab.label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <div className="mt-4">
                  <Tabs.Content value="profile">
                    <ProfileTab student={student.data} onSaved={refetch} />
                  </Tabs.Content>
                  <Tabs.Content value="settings">
                    <SettingsTab student={student.data} onSaved={refetch} />
                  </Tabs.Content>
                  <Tabs.Content value="security">
                    <SecurityTab email={student.data.email} />
                  </Tabs.Content>
                  <Tabs.Content value="billing">
                    <BillingTab />
                  </Tabs.Content>
                  <Tabs.Content value="account">
                    <AccountTab compact />
                  </Tabs.Content>
                </div>
              </Tabs.Root>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
