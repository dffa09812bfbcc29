"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning";
type Notice = { kind: Kind; message: string; options?: ExternalToast };

/** How long a notice stays, unless the caller says otherwise. */
const TOAST_DURATION_MS = 3000;

// Notices asked for before the toaster (sonner) has loaded wait here; most pages never show one,
// so sonner loads with the first notice, not with every page.
const waiting: Notice[] = [];
let show: ((notice: Notice) => void) | undefined;
let requestLoad: (() => void) | undefined;

function notify(kind: Kind, message: string, options?: ExternalToast) {
  if (show) return show({ kind, message, options });
  waiting.push({ kind, message, options });
  requestLoad?.();
}

/** Shows a short notice in the corner: `toast.success("Saved")`, `toast.error(message)`. */
export const toast = {
  success: (message: string, options?: ExternalToast) => notify("success", message, options),
  error: (message: string, options?: ExternalToast) => notify("error", message, options),
  info: (message: string, options?: ExternalToast) => notify("info", message, options),
  warning: (message: string, options?: ExternalToast) => notify("warning", message, options),
};

const LoadedToaster = dynamic(
  () =>
    import("sonner").then(({ Toaster, toast: sonnerToast }) => {
      // biome-ignore lint/correctness/noComponentHookFactories: made once, when the sonner chunk has loaded
      function ToasterWithQueue() {
        // Runs after the Toaster (its earlier sibling) subscribed, so that the waiting notices show.
        useEffect(() => {
          show = ({ kind, message, options }) => void sonnerToast[kind](message, options);
          for (const notice of waiting.splice(0)) show(notice);
        }, []);
        return null;
      }
      // biome-ignore lint/correctness/noComponentHookFactories: made once, when the sonner chunk has loaded
      return function SonnerToaster() {
        return (
          <>
            <Toaster richColors closeButton duration={TOAST_DURATION_MS} position="top-right" />
            <ToasterWithQueue />
          </>
        );
      };
    }),
  { ssr: false },
);

/** Where the notices appear; mounted once, in the root providers. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    requestLoad = () => setNeeded(true);
    if (waiting.length > 0) setNeeded(true);
    return () => {
      requestLoad = undefined;
    };
  }, []);
  return needed ? <LoadedToaster /> : null;
}
