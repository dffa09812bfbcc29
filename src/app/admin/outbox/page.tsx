import type { Metadata } from "next";
import { Outbox } from "~/components/admin/outbox";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Outbox", robots: { index: false } };

export default async function OutboxPage() {
  await requireSection("outbox");
  return (
    <div>
      <h1 className="text-2xl font-bold">Outbox and jobs</h1>
      <p className="mt-2 text-slate-600">
        Every mail the product sends, newest first, and the background jobs that failed. Without an SMTP server the mails are
        delivered here and to the server log only.
      </p>
      <div className="mt-8">
        <Outbox />
      </div>
    </div>
  );
}
