import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { SITE } from "~/lib/site";

export const metadata: Metadata = { title: "Careers" };

const WHAT_WE_OFFER = [
  "Work that changes where people build their lives",
  "Remote-friendly within the EU, with an office in Berlin",
  "Flexible hours and 30 days of paid holiday",
  "English as our working language; German lessons paid for",
];

export default function CareersPage() {
  return (
    <>
      <PageHeader eyebrow="Careers" title="Work with us">
        We are a small team building the guide we wished we had when we moved to Germany.
      </PageHeader>
      <div className="prose-page mx-auto max-w-3xl px-4">
        <h2>Open positions</h2>
        <p>
          We have no open positions right now. We are always glad to hear from people with experience in international admissions, German
          immigration law, student counselling or web engineering.
        </p>
        <h2>What we offer</h2>
        <ul>
          {WHAT_WE_OFFER.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h2>How to apply</h2>
        <p>
          Send a short note about yourself and what you would like to work on to <a href={`mailto:${SITE.email}`}>{SITE.email}</a> or
          through our <Link href="/about/contact">contact form</Link>. We reply to every application within two weeks.
        </p>
      </div>
    </>
  );
}
