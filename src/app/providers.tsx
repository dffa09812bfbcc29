"use client";

import type { ReactNode } from "react";
import { AuthModalProvider } from "~/components/auth/auth-modals";
import { SessionProvider } from "~/components/auth/session";
import { ToastHost } from "~/components/ui/toast";
import { UserFormatProvider } from "~/components/ui/user-format-settings";

/**
 * What every page shares. The tRPC client (with its query cache) is not here: the pages and parts
 * that call the API wrap themselves in `TRPCReactProvider` (one shared cache), so that pages which
 * call none, like the landing page, do not load it. `readerZone`: the zone the page's dates are
 * written in on the server (the reader's, as their browser last said).
 */
export function Providers({ readerZone, children }: { readerZone: string | null; children: ReactNode }) {
  return (
    <SessionProvider>
      <UserFormatProvider serverZone={readerZone}>
        <AuthModalProvider>{children}</AuthModalProvider>
      </UserFormatProvider>
      <ToastHost />
    </SessionProvider>
  );
}
