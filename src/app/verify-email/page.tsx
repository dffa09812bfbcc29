import type { Metadata } from "next";
import { VerifyEmail } from "~/components/auth/verify-email";

export const metadata: Metadata = { title: "Verify your email address", robots: { index: false } };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <VerifyEmail token={typeof token === "string" ? token : ""} />;
}
