import type { Metadata } from "next";
import type { ReactNode } from "react";
import { appUrl } from "~/env";
import { TRPCReactProvider } from "~/trpc/react";

/** Canonical addresses of the forum's pages are absolute, on the product's public address. */
export function generateMetadata(): Metadata {
  return { metadataBase: new URL(appUrl()) };
}

/** The forum's pages call the API from the browser. */
export default function CommunityLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
