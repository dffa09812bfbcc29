import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "~/components/site/page-header";

export const metadata: Metadata = { title: "For institutes" };

export default function InstitutesPage() {
  return (
    <>
      <PageHeader eyebrow="For institutes" title="Reach prepared international applicants">
        Universities, colleges, language schools and Studienkollegs: help students arrive with complete documents and realistic plans.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        <Card id="partner-with-us" title="Partner With Us">
          <p>
            List your programmes, deadlines and admission requirements in our knowledge base so the assistant answers questions about your
            institution accurately, with your official pages as the source.
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            <li>Verified programme information, reviewed with your admissions office</li>
            <li>Fewer incomplete applications and repetitive emails</li>
            <li>Anonymous insight into what applicants ask about you</li>
          </ul>
          <Link href="/about/contact?subject=Partnership&from=institutes" className="btn-primary mt-5">
            Become a partner
          </Link>
        </Card>
        <Card id="tools-for-institutes" title="Tools for Institutes">
          <p>
            Give your international office an assistant that knows visas, the blocked account, health insurance and enrolment, so your staff
            can focus on individual cases.
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            <li>Pre-arrival checklists for admitted students</li>
            <li>Document completeness checks before uni-assist or your own portal</li>
            <li>Group plans for your incoming students</li>
          </ul>
          <Link href="/about/contact?subject=Partnership&from=institutes" className="btn-secondary mt-5">
            Talk to us
          </Link>
        </Card>
      </div>
    </>
  );
}
