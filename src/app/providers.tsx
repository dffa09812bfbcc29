"use client";

import type { ReactNode } from "react";
import { AuthModalProvider } from "~/components/auth/auth-modals";
import { SessionProvider } from "~/components/auth/session";
import { ToastHost } from "~/components/ui/toast";
import { UserFormatProvider } from "~/components/ui/user-format-settings";

/**
 * What every page shares. The tRPC client (with its query cache) is not here: the pages and parts
 * that call the API wrap themselves in `TRPCReactProvider` (one shared cache), so that pages which
 * call none, like the landing page, do not load it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <UserFormatProvider>
        <AuthModalProvider>{children}</AuthModalProvider>
      </UserFormatProvider>
      <ToastHost />
    </SessionProvider>
  );
}
