import type { Metadata } from "next";
import type { ReactNode } from "react";
import { appUrl } from "~/env";

/** Canonical addresses of the forum's pages are absolute, on the product's public address. */
export function generateMetadata(): Metadata {
  return { metadataBase: new URL(appUrl()) };
}

export default function CommunityLayout({ children }: { children: ReactNode }) {
  return children;
}
