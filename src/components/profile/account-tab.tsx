"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, useState } from "react";
import { signOut } from "~/components/auth/sign-in-out";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { getPlan, type PlanId } from "~/lib/plans";
import { api } from "~/trpc/react";

const DELETE_SUCCESS = "Account deleted successfully.";
const DELETE_FAILURE = "Failed to delete account. Please try again.";
const DELETE_REDIRECT_MS = 1500;

/** Downloads GET /api/account/export as a JSON file. */
async function downloadExport() {
  const response = await fetch("/api/account/export");
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `swipeabroad-account-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function AccountTab({ compact = false }: { compact?: boolean }) {
  const { date, dateTime } = useUserFormat();
  const overview = api.account.overview.useQuery();
  const [exporting, setExporting] = useState(false);
  const data = overview.data;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Account overview">
        <h2 className="text-lg font-semibold">Account</h2>
        {overview.isPending ? (
          <p className="mt-3 text-sm text-slate-500">Loading account...</p>
        ) : !data ? (
          <p className="mt-3 text-sm text-red-700">Failed to load your account. Please try again.</p>
        ) : (
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <Item label="Account Status" value={data.status === "active" ? "Active" : data.status} />
            {!compact ? (
              <>
                <Item label="Registration date" value={date(data.registeredAt)} />
                <Item label="Last login" value={data.lastLoginAt ? dateTime(data.lastLoginAt) : "Never"} />
                <Item label="Current plan" value={getPlan(data.plan as PlanId).name} />
                <div className="sm:col-span-2">
                  <dt className="text-slate-500">Profile completion</dt>
                  <dd className="mt-1 flex items-center gap-3">
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                      <span className="block h-full rounded-full bg-brand-600" style={{ width: `${data.profileCompletion}%` }} />
                    </span>
                    <span className="font-semibold" data-testid="profile-completion">
                      {data.profileCompletion}%
                    </span>
                  </dd>
                </div>
              </>
            ) : null}
          </dl>
        )}
      </section>

      {!compact && data ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Activity">
          <h2 className="text-lg font-semibold">Activity</h2>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
            <Item label="Total consultations" value={String(data.activity.consultations)} />
            <Item label="Documents uploaded" value={String(data.activity.documents)} />
            <Item label="AI chat sessions" value={String(data.activity.chatSessions)} />
            <Item label="Successful sign-ins" value={String(data.activity.successfulLogins)} />
            <Item label="Messages to support" value={String(data.activity.contactMessages)} />
            <Item label="Newsletter" value={data.activity.newsletterSubscribed ? "Subscribed" : "Not subscribed"} />
          </dl>
        </section>
      ) : null}

      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Your data">
        <h2 className="text-lg font-semibold">Your data</h2>
        {!compact ? (
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">Download everything we store about you as a JSON file.</p>
            <button
              type="button"
              className="btn-secondary"
              disabled={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadExport();
                  toast.success("Your account data was downloaded.");
                } catch {
                  toast.error("Failed to export your data. Please try again.");
                } finally {
                  setExporting(false);
                }
              }}
            >
              {exporting ? "Exporting..." : "Export Account Data"}
            </button>
          </div>
        ) : null}
        <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Delete your account and all data stored with it.</p>
          <DeleteAccountButton />
        </div>
      </section>
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * Confirm with the password (or, for accounts without one, a mailed code or a two-factor code), delete
 * for real (data removed, sessions ended), success toast, then / after 1.5 s.
 */
function DeleteAccountButton() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const me = api.users.me.useQuery(undefined, { enabled: open });
  const remove = api.users.deleteAccount.useMutation();
  const requestCode = api.users.requestDeletionCode.useMutation();
  const hasPassword = me.data?.hasPassword ?? true;
  const ready = me.data ? (hasPassword ? password !== "" : code.trim() !== "") : false;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    try {
      await remove.mutateAsync(hasPassword ? { password } : { code: code.trim() });
    } catch {
      return; // the dialog shows the server's message
    }
    setOpen(false);
    toast.success(DELETE_SUCCESS);
    await signOut({ redirect: false }).catch(() => undefined);
    setTimeout(() => window.location.assign("/"), DELETE_REDIRECT_MS);
  }
  const busy = remove.isPending || remove.isSuccess;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) {
          setPassword("");
          setCode("");
          remove.reset();
          requestCode.reset();
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
          disabled={remove.isSuccess}
        >
          Delete Account
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            This action cannot be undone. Your account, profile and all data stored with it will be removed permanently, and you will be
            signed out everywhere.
          </Dialog.Description>
          <form onSubmit={confirm} noValidate className="mt-4 space-y-3">
            {!me.data ? (
              <p className="text-sm text-slate-500" role="status">
                {me.isPending ? "Loading..." : DELETE_FAILURE}
              </p>
            ) : hasPassword ? (
              <TextField
                id="delete-password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            ) : (
              <>
                <p className="text-sm text-slate-700">
                  Your account has no password. Confirm with a code we email you
                  {me.data.twoFactorEnabled ? ", or a code from your authenticator app" : ""}.
                </p>
                <button type="button" className="btn-secondary" disabled={requestCode.isPending} onClick={() => requestCode.mutate()}>
                  {requestCode.isPending ? "Sending..." : requestCode.isSuccess ? "Email me a new code" : "Email me a code"}
                </button>
                {requestCode.data ? <FormMessage kind="success">{requestCode.data.message}</FormMessage> : null}
                {requestCode.error ? (
                  <FormMessage kind="error">{errorMessage(requestCode.error, "Failed to send the code. Please try again.")}</FormMessage>
                ) : null}
                <TextField
                  id="delete-code"
                  label="Code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </>
            )}
            {remove.error ? <FormMessage kind="error">{errorMessage(remove.error, DELETE_FAILURE)}</FormMessage> : null}
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close className="btn-secondary" disabled={busy}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-50"
                disabled={busy || !ready}
              >
                {remove.isPending ? "Deleting..." : "Delete permanently"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
