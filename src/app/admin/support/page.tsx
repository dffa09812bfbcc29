import type { Metadata } from "next";
import { SupportQueue } from "~/components/admin/support-queue";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Support queue", robots: { index: false } };

export default async function SupportQueuePage() {
  await requireSection("support");
  return (
    <div>
      <h1 className="text-2xl font-bold">Support queue</h1>
      <p className="mt-2 text-slate-600">
        Service requests and contact messages, urgent first (Unlimited), then high (Pro), then standard; the oldest first within each priority.
      </p>
      <div className="mt-8">
        <SupportQueue />
      </div>
    </div>
  );
}
