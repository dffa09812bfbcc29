"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthModalProvider } from "~/components/auth/auth-modals";
import { UserFormatProvider } from "~/components/ui/user-format";
import { TRPCReactProvider } from "~/trpc/react";

export const TOAST_DURATION_MS = 3000;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <TRPCReactProvider>
        <UserFormatProvider>
          <AuthModalProvider>{children}</AuthModalProvider>
        </UserFormatProvider>
        <Toaster richColors closeButton duration={TOAST_DURATION_MS} position="top-right" />
      </TRPCReactProvider>
    </SessionProvider>
  );
}
