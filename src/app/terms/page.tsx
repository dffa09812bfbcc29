import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { TRIAL_DAYS } from "~/lib/plans";
import { SITE } from "~/lib/site";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Terms of service" };

export default async function TermsPage() {
  const { operator } = await (await serverApi()).site.legal();
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of service">
        Last updated: 21 November 2026.
      </PageHeader>
      <div className="prose-page mx-auto max-w-3xl px-4">
        <h2>1. The service</h2>
        <p>
          {SITE.brand} provides information, an AI assistant, planning tools and optional human services for people planning to study or
          move abroad. The information is general guidance, not legal advice. Visa and admission decisions are made by authorities and
          universities; always check the official source before you act.
        </p>
        <h2>2. Your account</h2>
        <p>
          You must be at least 16 years old. Keep your password secret and tell us about any misuse. You are responsible for the information
          you enter. You can delete your account at any time from your profile.
        </p>
        <h2>3. Plans, tokens and payment</h2>
        <ul>
          <li>
            Plans are billed monthly in euros in advance. Prices are shown on the <Link href="/pricing">pricing page</Link>.
          </li>
          <li>Each plan includes a monthly token allowance. Tokens reset at the start of each billing period and do not carry over.</li>
          <li>Paid plans start with a {TRIAL_DAYS}-day free trial; you are charged only if you do not cancel during the trial.</li>
          <li>
            Upgrades take effect immediately with a prorated charge. Downgrades take effect at the end of the billing period; unused tokens
            of the higher plan are lost.
          </li>
          <li>You can cancel anytime; your plan stays active until the end of the paid period.</li>
          <li>If your last payment method is removed, you have 7 days to add a new one before your plan is moved to Free.</li>
        </ul>
        <h2>4. Right of withdrawal (consumers in the EU)</h2>
        <p>
          You may withdraw from a paid subscription within 14 days of purchase without giving a reason by writing to{" "}
          <a href={`mailto:${SITE.email}`}>{SITE.email}</a>. If you asked us to start the service during that period, you pay for the part
          already provided.
        </p>
        <h2>5. Fair use</h2>
        <p>Do not misuse the service: no automated scraping, no attempts to break security, no unlawful or abusive content.</p>
        <h2>6. Liability</h2>
        <p>
          We are liable without limitation for intent and gross negligence and for injury to life, body or health. For slight negligence we
          are liable only for breach of essential obligations, limited to the typical, foreseeable damage.
        </p>
        <h2>7. Disputes</h2>
        <p>
          German law applies, without prejudice to the mandatory consumer protection of your country of residence. We are neither obliged
          nor willing to take part in dispute resolution before a consumer arbitration board.
        </p>
        <h2>8. Contact</h2>
        <p>
          {operator.legalName ? (
            [operator.legalName, ...operator.address].join(", ")
          ) : (
            <>
              The operator&apos;s legal name is not set (see the <Link href="/imprint">imprint</Link>)
            </>
          )}
          {" · "}
          <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
        </p>
      </div>
    </>
  );
}
