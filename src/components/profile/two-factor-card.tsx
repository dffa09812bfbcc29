"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Card } from "~/components/ui/card";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { confirmTwoFactorSchema, disableTwoFactorSchema } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";
import { downloadText } from "./download-text";

type Panel = { kind: "none" } | { kind: "codes"; codes: string[] } | { kind: "turnOff" } | { kind: "regenerate" };

/** Two-factor sign-in (TOTP): setup with a QR code, recovery codes shown once, turning it off. */
export function TwoFactorCard({ hasPassword }: { hasPassword: boolean }) {
  const { date } = useUserFormat();
  const status = api.users.twoFactor.status.useQuery();
  const utils = api.useUtils();
  const [panel, setPanel] = useState<Panel>({ kind: "none" });

  async function changed() {
    // Not next-auth's session update(): it would remount the profile (and lose the recovery codes on screen).
    await Promise.all([utils.users.twoFactor.status.invalidate(), utils.users.me.invalidate()]);
  }

  let body: ReactNode;
  if (panel.kind === "codes") {
    body = <RecoveryCodes codes={panel.codes} onDone={() => setPanel({ kind: "none" })} />;
  } else if (status.isPending) {
    body = (
      <p className="mt-3 text-sm text-slate-500" role="status">
        Loading...
      </p>
    );
  } else if (!status.data) {
    body = (
      <FormMessage kind="error" className="mt-3">
        Failed to load the two-factor status. Please try again.
      </FormMessage>
    );
  } else if (!status.data.enabled) {
    body = (
      <TwoFactorSetup
        onEnabled={async (codes) => {
          setPanel({ kind: "codes", codes });
          await changed();
        }}
      />
    );
  } else {
    const { enabledAt, recoveryCodesLeft } = status.data;
    body = (
      <>
        <p className="mt-2 text-sm text-slate-700">
          <span className="mr-2 inline-flex rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">On</span>
          Since {enabledAt ? date(enabledAt) : "recently"}. Each sign-in with your password also asks for a code from your authenticator
          app.
        </p>
        <p
          className={`mt-1 text-sm ${recoveryCodesLeft <= 2 ? "font-semibold text-amber-800" : "text-slate-600"}`}
          data-testid="recovery-codes-left"
        >
          {recoveryCodesLeft} of 10 recovery codes left
          {recoveryCodesLeft <= 2 ? ": make new ones before you run out." : "."}
        </p>
        {panel.kind === "none" ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setPanel({ kind: "regenerate" })}>
              New recovery codes
            </button>
            <button type="button" className="btn-secondary text-red-700" onClick={() => setPanel({ kind: "turnOff" })}>
              Turn off
            </button>
          </div>
        ) : panel.kind === "regenerate" ? (
          <RegenerateCodes
            onCancel={() => setPanel({ kind: "none" })}
            onDone={async (codes) => {
              setPanel({ kind: "codes", codes });
              await changed();
            }}
          />
        ) : (
          <TurnOff
            hasPassword={hasPassword}
            onCancel={() => setPanel({ kind: "none" })}
            onDone={async () => {
              setPanel({ kind: "none" });
              toast.success("Two-factor sign-in is off.");
              await changed();
            }}
          />
        )}
      </>
    );
  }
  return <Card title="Two-factor sign-in">{body}</Card>;
}

function CodeField({
  id,
  label = "Code from your authenticator app",
  ...props
}: { id: string; label?: string; error?: string } & ReturnType<ReturnType<typeof useForm<{ code: string }>>["register"]>) {
  return <TextField id={id} label={label} autoComplete="one-time-code" placeholder="123456" {...props} />;
}

function TwoFactorSetup({ onEnabled }: { onEnabled: (codes: string[]) => Promise<void> }) {
  const begin = api.users.twoFactor.begin.useMutation();
  const confirm = api.users.twoFactor.confirm.useMutation();
  const form = useForm({ resolver: zodResolver(confirmTwoFactorSchema), defaultValues: { code: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await confirm.mutateAsync(values).catch(() => null);
    if (result) await onEnabled(result.recoveryCodes);
  });

  if (!begin.data) {
    return (
      <>
        <p className="mt-2 text-sm text-slate-700">
          <span className="mr-2 inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Off</span>
          Protect your account with a second step at sign-in: a 6-digit code from an authenticator app such as Google Authenticator,
          Microsoft Authenticator, 1Password or Aegis.
        </p>
        {begin.error ? (
          <FormMessage kind="error" className="mt-3">
            {errorMessage(begin.error, "Failed to start the setup. Please try again.")}
          </FormMessage>
        ) : null}
        <button type="button" className="btn-primary mt-4" disabled={begin.isPending} onClick={() => begin.mutate()}>
          {begin.isPending ? "Starting..." : "Set up two-factor sign-in"}
        </button>
      </>
    );
  }
  const key = begin.data.secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4" aria-label="Set up two-factor sign-in">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with your authenticator app, or type the key into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* biome-ignore lint/performance/noImgElement: a generated data URL, which next/image cannot optimise */}
        <img
          src={begin.data.qrCodeDataUrl}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="h-44 w-44 shrink-0 rounded-lg border border-slate-200"
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-600">Key to type in</p>
          <code
            className="mt-1 block break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider text-slate-900"
            data-testid="totp-secret"
          >
            {key}
          </code>
          <p className="mt-1 text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <div className="sm:w-64">
        <CodeField id="two-factor-setup-code" error={form.formState.errors.code?.message} {...form.register("code")} />
      </div>
      {confirm.error ? (
        <FormMessage kind="error">{errorMessage(confirm.error, "Failed to turn on two-factor sign-in. Please try again.")}</FormMessage>
      ) : null}
      <button type="submit" className="btn-primary" disabled={confirm.isPending}>
        {confirm.isPending ? "Checking..." : "Turn on"}
      </button>
    </form>
  );
}

/** The recovery codes, shown once: copy, download, then "I saved them". */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `SwipeAbroad recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <div className="mt-3 space-y-3" role="group" aria-label="Recovery codes">
      <FormMessage kind="success">Two-factor sign-in is on. Save these recovery codes now: they are shown only once.</FormMessage>
      <p className="text-sm text-slate-700">
        If you lose your phone, each code signs you in once instead of a code from the app. Keep them somewhere safe, such as a password
        manager.
      </p>
      <ul
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-100 p-3 font-mono text-sm sm:w-fit"
        aria-label="Your recovery codes"
      >
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() =>
            navigator.clipboard
              .writeText(codes.join("\n"))
              .then(() => toast.success("Recovery codes copied."))
              .catch(() => toast.error("Copying is not allowed here: download them or write them down."))
          }
        >
          Copy
        </button>
        <button type="button" className="btn-secondary" onClick={() => downloadText("swipeabroad-recovery-codes.txt", text)}>
          Download
        </button>
        <button type="button" className="btn-primary" onClick={onDone}>
          I saved them
        </button>
      </div>
    </div>
  );
}

function RegenerateCodes({ onCancel, onDone }: { onCancel: () => void; onDone: (codes: string[]) => Promise<void> }) {
  const regenerate = api.users.twoFactor.regenerateRecoveryCodes.useMutation();
  const form = useForm({ resolver: zodResolver(confirmTwoFactorSchema), defaultValues: { code: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await regenerate.mutateAsync(values).catch(() => null);
    if (result) await onDone(result.recoveryCodes);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label="New recovery codes">
      <p className="text-sm text-slate-700">Your current recovery codes stop working and you get 10 new ones.</p>
      <div className="sm:w-64">
        <CodeField id="two-factor-regenerate-code" error={form.formState.errors.code?.message} {...form.register("code")} />
      </div>
      {regenerate.error ? (
        <FormMessage kind="error">{errorMessage(regenerate.error, "Failed to make new codes. Please try again.")}</FormMessage>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={regenerate.isPending}>
          {regenerate.isPending ? "Checking..." : "Make new codes"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TurnOff({ hasPassword, onCancel, onDone }: { hasPassword: boolean; onCancel: () => void; onDone: () => Promise<void> }) {
  const disable = api.users.twoFactor.disable.useMutation();
  const form = useForm({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: { password: "", code: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const ok = await disable.mutateAsync(hasPassword ? values : { code: values.code }).then(
      () => true,
      () => false,
    );
    if (ok) await onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label="Turn off two-factor sign-in">
      <p className="text-sm text-slate-700">Without it, your password alone signs you in. Confirm that it is you:</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {hasPassword ? (
          <TextField
            id="two-factor-off-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register("password")}
          />
        ) : null}
        <CodeField
          id="two-factor-off-code"
          label="Code from your app, or a recovery code"
          error={errors.code?.message}
          {...form.register("code")}
        />
      </div>
      {disable.error ? (
        <FormMessage kind="error">{errorMessage(disable.error, "Failed to turn off two-factor sign-in. Please try again.")}</FormMessage>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-50"
          disabled={disable.isPending}
        >
          {disable.isPending ? "Turning off..." : "Turn off two-factor sign-in"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
