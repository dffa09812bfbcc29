"use client";

import { Modal } from "~/components/modal";
import { getPlan, type PlanId } from "~/lib/plans";
import { LoginForm, type LoginView } from "./login-form";
import { SignupForm } from "./signup-form";

export type AuthModal = "login" | "signup" | null;
export interface OpenOptions {
  /** The login modal's first view: the password form (default) or "Forgot password?". */
  view?: LoginView;
  /** A message shown at the top of the login form (e.g. why a social sign-in failed). */
  notice?: string | null;
  /** The paid plan chosen before signing in: its checkout opens once the account is signed in. */
  planId?: Exclude<PlanId, "free">;
}

/** The login and signup modals of AuthModalProvider (src/components/auth/auth-modals.tsx). */
export function AuthDialogs({
  modal,
  options,
  openCount,
  open,
  close,
}: {
  modal: AuthModal;
  options: OpenOptions;
  /** Each opening starts the login form anew. */
  openCount: number;
  open: (modal: "login" | "signup", options?: OpenOptions) => void;
  close: () => void;
}) {
  const plan = options.planId ? getPlan(options.planId).name : null;
  // Switching between the two keeps the chosen plan.
  const keep = { planId: options.planId };
  return (
    <>
      <Modal
        open={modal === "login"}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Login"
        description={plan ? `Log in to continue to the ${plan} checkout.` : "Welcome back. Log in to continue planning your move."}
      >
        <LoginForm key={openCount} initialView={options.view} notice={options.notice} onSwitchToSignup={() => open("signup", keep)} />
      </Modal>
      <Modal
        open={modal === "signup"}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Sign up"
        description={
          plan
            ? `Create your free account; the ${plan} checkout opens right after. Already have an account? Log in below.`
            : "Create your free account."
        }
      >
        <SignupForm onSwitchToLogin={() => open("login", keep)} />
      </Modal>
    </>
  );
}
