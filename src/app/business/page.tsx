import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageHeader } from "~/components/site/page-header";

export const metadata: Metadata = { title: "For businesses" };

export default function BusinessPage() {
  return (
    <>
      <PageHeader eyebrow="For businesses" title="Hire and relocate international talent">
        Companies, relocation agencies and student-housing providers: support international students and graduates moving to Germany.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        <Card id="join-as-a-business" title="Join as a Business">
          <p>
            Offer Werkstudent jobs, internships, housing, insurance or banking to students who are planning their move. We list providers
            that meet our quality rules and never sell user data.
          </p>
          <Link href="/about/contact?subject=Partnership&from=business" className="btn-primary mt-5">
            Apply as a business partner
          </Link>
        </Card>
        <Card id="business-solutions" title="Business Solutions">
          <ul className="list-disc space-y-1 pl-5">
            <li>Relocation support for new hires: EU Blue Card, skilled-worker visas, Anmeldung and insurance</li>
            <li>Unlimited plans for your employees, with 1-on-1 coaching wherever a coach has published hours</li>
            <li>Guidance on hiring graduates on the 18-month job-search permit</li>
          </ul>
          <Link href="/about/contact?subject=Partnership&from=business" className="btn-secondary mt-5">
            Ask for an offer
          </Link>
        </Card>
      </div>
    </>
  );
}
