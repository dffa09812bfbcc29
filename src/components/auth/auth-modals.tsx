"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { Modal } from "~/components/modal";
import { LoginForm } from "./login-form";
import { SignupForm } from "./signup-form";

type AuthModal = "login" | "signup" | null;
const AuthModalContext = createContext<{ open: (modal: "login" | "signup") => void }>({ open: () => {} });

export const useAuthModal = () => useContext(AuthModalContext);

/**
 * The login and signup modals. Opening one pushes a browser history entry, so Back closes it;
 * switching between them replaces that entry.
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal>(null);
  const pushed = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      pushed.current = false;
      setModal(null);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const open = useCallback((next: "login" | "signup") => {
    if (pushed.current) {
      window.history.replaceState({ authModal: next }, "");
    } else {
      window.history.pushState({ authModal: next }, "");
      pushed.current = true;
    }
    setModal(next);
  }, []);

  const close = useCallback(() => {
    setModal(null);
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
    }
  }, []);

  return (
    <AuthModalContext.Provider value={{ open }}>
      {children}
      <Modal open={modal === "login"} onOpenChange={(isOpen) => !isOpen && close()} title="Login" description="Welcome back. Log in to continue planning your move.">
        <LoginForm onSwitchToSignup={() => open("signup")} />
      </Modal>
      <Modal open={modal === "signup"} onOpenChange={(isOpen) => !isOpen && close()} title="Sign up" description="Create your free account.">
        <SignupForm onSwitchToLogin={() => open("login")} />
      </Modal>
    </AuthModalContext.Provider>
  );
}
