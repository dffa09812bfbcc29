import type { Metadata } from "next";
import { ContactForm } from "~/components/site/contact-form";
import { PageHeader } from "~/components/site/page-header";
import { contactOriginOf } from "~/lib/schemas/site";
import { SITE } from "~/lib/site";
import { TRPCReactProvider } from "~/trpc/react";
import { loadSiteTexts } from "../../site-texts";

export const metadata: Metadata = { title: "Contact" };

export default async function ContactPage({ searchParams }: { searchParams: Promise<{ subject?: string; from?: string }> }) {
  const { subject, from } = await searchParams;
  const { supportHours } = await loadSiteTexts();
  return (
    <>
      <PageHeader eyebrow="About us" title="Contact us">
        Questions about your account, a plan, a partnership or your data? We answer within two working days.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TRPCReactProvider>
            <ContactForm defaultSubject={subject} origin={contactOriginOf(from)} />
          </TRPCReactProvider>
        </div>
        <aside className="space-y-4 text-sm text-slate-700">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="font-semibold text-slate-900">Email</h2>
            <p className="mt-1">
              <a href={`mailto:${SITE.email}`} className="text-brand-600 hover:underline">
                {SITE.email}
              </a>
            </p>
            <p className="mt-1">
              Privacy requests:{" "}
              <a href={`mailto:${SITE.privacyEmail}`} className="text-brand-600 hover:underline">
                {SITE.privacyEmail}
              </a>
            </p>
          </section>
          {/* The postal address is the operator's setting (NEXT_PUBLIC_COMPANY_ADDRESS): no card without it. */}
          {SITE.address.length ? (
            <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="font-semibold text-slate-900">Address</h2>
              <address className="mt-1 not-italic">
                {SITE.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </section>
          ) : null}
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="font-semibold text-slate-900">Support hours</h2>
            <p className="mt-1">{supportHours}</p>
          </section>
        </aside>
      </div>
    </>
  );
}
