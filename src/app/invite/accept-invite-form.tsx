"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { useAuthModal } from "~/components/auth/auth-modals";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { useUserFormat } from "~/components/ui/user-format";
import { acceptInviteExistingFormSchema, acceptInviteNewFormSchema, ROLE_LABELS } from "~/lib/schemas/staff";
import { api, type RouterOutputs } from "~/trpc/react";

type Invite = RouterOutputs["invites"]["details"];

/**
 * /invite?token=...: who invited whom to which role; a new address chooses its name and password,
 * an existing account confirms with its password. Afterwards the invitee signs in and, on /admin,
 * sets up two-factor sign-in.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const details = api.invites.details.useQuery({ token }, { enabled: Boolean(token), retry: false, refetchOnWindowFocus: false });
  const accept = api.invites.accept.useMutation();
  const { open } = useAuthModal();
  const { dateTime } = useUserFormat();

  let body: React.ReactNode;
  if (!token) {
    body = (
      <FormMessage kind="error">
        This link is incomplete. Open it again from the invitation email, or copy the whole address into the browser.
      </FormMessage>
    );
  } else if (accept.isSuccess) {
    body = (
      <div className="space-y-4">
        <FormMessage kind="success">
          Welcome to the team: {accept.data.email} is now {ROLE_LABELS[accept.data.role].toLowerCase()}.
        </FormMessage>
        <p className="text-sm text-slate-700">
          Log in with this address and your password. When you open the management area (/admin) it asks you to set up two-factor sign-in in
          your profile&apos;s Security tab first: keep an authenticator app at hand.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => open("login")}>
            Log in
          </button>
          <Link href="/" className="btn-secondary">
            Go to the home page
          </Link>
        </div>
      </div>
    );
  } else if (details.isPending) {
    body = (
      <p role="status" className="text-slate-600">
        Checking your invitation...
      </p>
    );
  } else if (details.error) {
    body = <FormMessage kind="error">{errorMessage(details.error, "This invitation cannot be opened. Please try again.")}</FormMessage>;
  } else {
    const invite = details.data;
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {invite.invitedBy ? `${invite.invitedBy} invites` : "You are invited:"} <strong className="break-all">{invite.email}</strong> to
          join the team as <strong>{ROLE_LABELS[invite.role].toLowerCase()}</strong>. The invitation is valid until{" "}
          {dateTime(invite.expiresAt)}.
        </p>
        {invite.hasAccount ? (
          <ExistingAccountForm token={token} invite={invite} accept={accept} />
        ) : (
          <NewAccountForm token={token} invite={invite} accept={accept} />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto min-h-[50vh] max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">Join the team</h1>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-live="polite">
        {body}
      </div>
    </div>
  );
}

type AcceptMutation = ReturnType<typeof api.invites.accept.useMutation>;

function NewAccountForm({ token, invite, accept }: { token: string; invite: Invite; accept: AcceptMutation }) {
  const form = useForm({
    resolver: zodResolver(acceptInviteNewFormSchema),
    defaultValues: { firstName: "", lastName: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ firstName, lastName, password }) =>
    accept.mutate({ account: "new", token, firstName, lastName, password }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create your account">
      <TextField id="invite-account-email" label="Email" type="email" value={invite.email} readOnly disabled />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="invite-first-name"
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register("firstName")}
        />
        <TextField
          id="invite-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register("lastName")}
        />
      </div>
      <TextField
        id="invite-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint="At least 8 characters. A long phrase of unrelated words is strong and easy to remember."
        {...form.register("password")}
      />
      <TextField
        id="invite-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      {accept.error ? (
        <FormMessage kind="error">{errorMessage(accept.error, "The invitation could not be accepted. Please try again.")}</FormMessage>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={accept.isPending}>
        {accept.isPending ? "Creating your account..." : "Create account and accept"}
      </button>
    </form>
  );
}

function ExistingAccountForm({ token, invite, accept }: { token: string; invite: Invite; accept: AcceptMutation }) {
  const form = useForm({ resolver: zodResolver(acceptInviteExistingFormSchema), defaultValues: { password: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) => accept.mutate({ account: "existing", token, password }));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Confirm your account">
      <p className="text-sm text-slate-700">You already have an account with {invite.email}: enter its current password to accept.</p>
      <TextField
        id="invite-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      {accept.error ? (
        <FormMessage kind="error">{errorMessage(accept.error, "The invitation could not be accepted. Please try again.")}</FormMessage>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={accept.isPending}>
        {accept.isPending ? "Checking..." : "Accept the invitation"}
      </button>
    </form>
  );
}
