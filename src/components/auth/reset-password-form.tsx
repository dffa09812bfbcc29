"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { resetPasswordFormSchema } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";
import { useAuthModal } from "./auth-modals";

/** /reset-password?token=...: a new password twice; every session ends, then the user logs in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = api.auth.resetPassword.useMutation();
  const { open } = useAuthModal();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) => reset.mutate({ token, password }));

  return (
    <div className="mx-auto min-h-[50vh] max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        {!token ? (
          <>
            <FormMessage kind="error">
              This link is incomplete. Open it again from the email, or ask for a new one with “Forgot password?”.
            </FormMessage>
            <button type="button" className="btn-secondary mt-4" onClick={() => open("login", { view: "forgot" })}>
              Forgot password?
            </button>
          </>
        ) : reset.isSuccess ? (
          <>
            <FormMessage kind="success">
              Your password has been changed. You have been signed out everywhere: log in with your new password.
            </FormMessage>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => open("login")}>
                Log in
              </button>
              <Link href="/" className="btn-secondary">
                Go to the home page
              </Link>
            </div>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="New password">
            <TextField
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              hint="At least 8 characters. A long phrase of unrelated words is strong and easy to remember."
              {...form.register("password")}
            />
            <TextField
              id="reset-confirm"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register("confirmPassword")}
            />
            {reset.error ? (
              <FormMessage kind="error">{errorMessage(reset.error, "Failed to change your password. Please try again.")}</FormMessage>
            ) : null}
            <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
              {reset.isPending ? "Saving..." : "Set new password"}
            </button>
            <p className="text-center text-sm text-slate-600">
              Link expired?{" "}
              <button
                type="button"
                className="font-medium text-brand-600 hover:underline"
                onClick={() => open("login", { view: "forgot" })}
              >
                Ask for a new one
              </button>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}
