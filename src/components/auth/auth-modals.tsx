"use client";

import dynamic from "next/dynamic";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useSession } from "~/components/auth/session";
import { checkoutHref, forgetChosenPlan, takeChosenPlan } from "~/components/billing/chosen-plan";
import { toast } from "~/components/ui/toast";
import { withApiClient } from "~/trpc/lazy";
import type { AuthModal, OpenOptions } from "./auth-dialogs";

// The dialogs and their forms load when one is first opened, not with every page.
const AuthDialogs = dynamic(
  withApiClient(() => import("./auth-dialogs").then((module) => module.AuthDialogs)),
  { ssr: false },
);

const AuthModalContext = createContext<{ open: (modal: "login" | "signup", options?: OpenOptions) => void }>({
  open: () => {},
});

export const useAuthModal = () => useContext(AuthModalContext);

/** Query parameters that open the login modal: `?login=1`, `?forgot=1` and a sign-in's `?error=`. */
const URL_PARAMS = ["login", "forgot", "error"] as const;

/**
 * The login and signup modals. Opening one pushes a browser history entry, so Back closes it;
 * switching between them replaces that entry.
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal>(null);
  const [options, setOptions] = useState<OpenOptions>({});
  const [openCount, setOpenCount] = useState(0);
  const pushed = useRef(false);
  const { status } = useSession();

  useEffect(() => {
    const onPopState = () => {
      pushed.current = false;
      setModal(null);
      forgetChosenPlan();
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const open = useCallback((next: "login" | "signup", nextOptions: OpenOptions = {}) => {
    if (pushed.current) {
      window.history.replaceState({ authModal: next }, "");
    } else {
      window.history.pushState({ authModal: next }, "");
      pushed.current = true;
    }
    setOptions(nextOptions);
    setOpenCount((count) => count + 1);
    setModal(next);
  }, []);

  const close = useCallback(() => {
    setModal(null);
    // Closed without signing in: the plan chosen is not pursued later by surprise.
    forgetChosenPlan();
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
    }
  }, []);

  // A plan chosen while signed out: once sign-up or login has signed the account in, its checkout opens.
  useEffect(() => {
    if (status !== "authenticated") return;
    const planId = takeChosenPlan();
    const href = planId ? checkoutHref(planId) : null;
    if (href && `${window.location.pathname}${window.location.search}` !== href) window.location.assign(href);
  }, [status]);

  // Links in mails and next-auth's redirects open the login modal: /?login=1, /?forgot=1, /?error=...
  const handledUrl = useRef(false);
  useEffect(() => {
    if (status === "loading" || handledUrl.current) return;
    handledUrl.current = true;
    const url = new URL(window.location.href);
    if (!URL_PARAMS.some((name) => url.searchParams.has(name))) return;
    const error = url.searchParams.get("error");
    const forgot = url.searchParams.has("forgot");
    const login = url.searchParams.has("login");
    for (const name of URL_PARAMS) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    void import("~/lib/sign-in-errors").then(({ signInErrorMessage }) => {
      const notice = signInErrorMessage(error);
      if (status === "authenticated") {
        // Signed in (linking a provider from the Security tab): the modal is not for them.
        if (notice) toast.error(notice);
        return;
      }
      if (notice || forgot || login) open("login", { view: forgot ? "forgot" : "password", notice });
    });
  }, [status, open]);

  return (
    <AuthModalContext.Provider value={{ open }}>
      {children}
      {openCount > 0 ? <AuthDialogs modal={modal} options={options} openCount={openCount} open={open} close={close} /> : null}
    </AuthModalContext.Provider>
  );
}
