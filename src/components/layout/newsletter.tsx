"use client";

import { type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";

type NewsletterFormType = ComponentType<{ initialEmail?: string; focus?: boolean; submitNow?: boolean }>;

/** How far below the screen the footer may still be when the form's code starts loading. */
const LOAD_MARGIN = "400px";

/**
 * The footer's newsletter form loads its code when the visitor comes near it (or focuses it), not
 * with every page: until then the server's drawing of it (`children`) stands in, and what was typed
 * into it (or a press of Subscribe) carries over.
 */
export function Newsletter({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<{
    Form: NewsletterFormType;
    email: string;
    focus: boolean;
    submitNow: boolean;
  } | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || loaded) return;
    let started = false;
    let submitted = false;
    let Form: NewsletterFormType | null = null;
    const show = () => {
      if (!Form) return;
      const email = element.querySelector("input")?.value ?? "";
      setLoaded({ Form, email, focus: element.contains(document.activeElement), submitNow: submitted });
    };
    const load = () => {
      if (started) return;
      started = true;
      void import("./newsletter-form").then(({ NewsletterForm }) => {
        Form = NewsletterForm;
        show();
      });
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
      rootMargin: LOAD_MARGIN,
    });
    observer.observe(element);
    // Sent before the code arrived: the form sends it once loaded, instead of the browser reloading the page.
    // Sent after the code arrived but before the form took over (coming near it starts the loading
    // too, so the code may win the race with the click): the form takes over and sends it.
    const onSubmit = (event: Event) => {
      event.preventDefault();
      submitted = true;
      if (Form) show();
      else load();
    };
    element.addEventListener("focusin", load);
    element.addEventListener("pointerenter", load);
    element.addEventListener("submit", onSubmit);
    return () => {
      observer.disconnect();
      element.removeEventListener("focusin", load);
      element.removeEventListener("pointerenter", load);
      element.removeEventListener("submit", onSubmit);
    };
  }, [loaded]);

  return (
    <div ref={box}>{loaded ? <loaded.Form initialEmail={loaded.email} focus={loaded.focus} submitNow={loaded.submitNow} /> : children}</div>
  );
}
