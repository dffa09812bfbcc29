import type { Metadata } from "next";
import { AcceptInviteForm } from "./accept-invite-form";

export const metadata: Metadata = { title: "Join the team", robots: { index: false } };

/** The page a staff invitation's mail links to: /invite?token=... */
export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <AcceptInviteForm token={typeof token === "string" ? token : ""} />;
}
