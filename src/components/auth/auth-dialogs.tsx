"use client";

import { Modal } from "~/components/modal";
import { LoginForm, type LoginView } from "./login-form";
import { SignupForm } from "./signup-form";

export type AuthModal = "login" | "signup" | null;
export interface OpenOptions {
  /** The login modal's first view: the password form (default) or "Forgot password?". */
  view?: LoginView;
  /** A message shown at the top of the login form (e.g. why a social sign-in failed). */
  notice?: string | null;
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
  open: (modal: "login" | "signup") => void;
  close: () => void;
}) {
  return (
    <>
      <Modal
        open={modal === "login"}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Login"
        description="Welcome back. Log in to continue planning your move."
      >
        <LoginForm key={openCount} initialView={options.view} notice={options.notice} onSwitchToSignup={() => open("signup")} />
      </Modal>
      <Modal
        open={modal === "signup"}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Sign up"
        description="Create your free account."
      >
        <SignupForm onSwitchToLogin={() => open("login")} />
      </Modal>
    </>
  );
}
