import type { ReactNode } from "react";
import { TRPCReactProvider } from "~/trpc/react";

/** These pages call the API from the browser. */
export default function ApiClientLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
