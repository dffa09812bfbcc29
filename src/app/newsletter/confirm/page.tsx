import type { Metadata } from "next";
import { NewsletterConfirm } from "~/components/layout/newsletter-confirm";

export const metadata: Metadata = { title: "Confirm your newsletter subscription", robots: { index: false } };

export default async function NewsletterConfirmPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <NewsletterConfirm token={typeof token === "string" ? token : ""} />;
}
