import type { Metadata } from "next";
import type { ReactNode } from "react";
import { appUrl } from "~/env";

/** Canonical addresses of the guides are absolute, on the product's public address (read at request time). */
export function generateMetadata(): Metadata {
  return { metadataBase: new URL(appUrl()) };
}

export default function GuidesLayout({ children }: { children: ReactNode }) {
  return children;
}
