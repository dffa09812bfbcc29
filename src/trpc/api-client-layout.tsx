import type { ReactNode } from "react";
import { TRPCReactProvider } from "./react";

/** The layout of a section whose pages call the API from the browser: only these load the tRPC client. */
export default function ApiClientLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
