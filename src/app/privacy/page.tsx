import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { SITE } from "~/lib/site";
import { serverApi } from "~/server/api/server-caller";
import type { LegalDetails } from "~/server/services/legal.service";

export const metadata: Metadata = { title: "Privacy policy" };

/** What this server stores: rows about sign-in providers and payments follow what is configured. */
function storedData({ signInProviders, stripe }: LegalDetails) {
  return [
    {
      what: "Account: email address, name, password (stored only as an argon2id hash), role, sign-up date and last login",
      why: "To create your account and let you sign in (Art. 6(1)(b) GDPR, contract)",
      kept: "Until you delete your account",
    },
    ...(signInProviders.length
      ? [
          {
            what: `Linked sign-in: the ${signInProviders.join(" or ")} account id if you sign in with ${signInProviders.length > 1 ? "them" : "it"}`,
            why: "To sign you in with that provider (Art. 6(1)(b))",
            kept: "Until you delete your account",
          },
        ]
      : []),
    ...DATA.slice(0, 2),
    {
      what: stripe
        ? "Plan and billing state: plan, billing dates and the payment provider's customer id. Card details go directly to our payment provider (Stripe) and never reach our servers"
        : "Plan and billing state: plan, billing dates, your billing address and the test cards you enter. This server runs demo payments: it accepts only published test card numbers, charges nothing and sends your data to no payment provider",
      why: "To provide the plan you pay for (Art. 6(1)(b)) and keep invoices (Art. 6(1)(c), legal obligation)",
      kept: "Invoices 10 years as German tax law requires; the rest until you delete your account",
    },
    ...DATA.slice(2),
  ];
}

const DATA = [
  {
    what: "Student profile: phone, date of birth, gender, nationality, country of residence, emergency contact, language, time zone and privacy settings",
    why: "To tailor answers and services to your situation (Art. 6(1)(b)); all fields are optional",
    kept: "Until you change or delete them, or delete your account",
  },
  {
    what: "Sign-in attempts: email, IP address, time and result",
    why: "To protect accounts against password guessing (Art. 6(1)(f), legitimate interest in security)",
    kept: "Deleted with your account; otherwise kept at most 30 days",
  },
  {
    what: "Chat messages you send to SwipeAI and the token usage of each answer",
    why: "To answer you and count your monthly tokens (Art. 6(1)(b))",
    kept: "Until you delete the conversation or your account",
  },
  {
    what: "Answer feedback (like, dislike, reason): recorded as anonymous",
    why: "To improve answers (Art. 6(1)(f))",
    kept: "Not linked to your name",
  },
  {
    what: "Newsletter: your email address and the date you subscribed",
    why: "To send the newsletter you asked for (Art. 6(1)(a), consent)",
    kept: "Until you unsubscribe",
  },
  {
    what: "Contact form: your name, email, subject and message",
    why: "To answer your request (Art. 6(1)(b) or (f))",
    kept: "Until the request is resolved, at most 12 months",
  },
];

export default async function PrivacyPage() {
  const legal = await (await serverApi()).site.legal();
  const { operator } = legal;
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy policy">
        What we store about you, why, for how long, and how you control it. Last updated: 21 November 2026.
      </PageHeader>
      <div className="prose-page mx-auto max-w-4xl px-4">
        <h2>Who is responsible</h2>
        <p>
          The controller under the EU General Data Protection Regulation (GDPR) is the operator of this site:{" "}
          {operator.legalName
            ? [operator.legalName, ...operator.address].join(", ")
            : "its legal name is not set (the operator has not filled it in yet; see the "}
          {operator.legalName ? null : (
            <>
              <Link href="/imprint">imprint</Link>)
            </>
          )}
          . For any privacy question write to <a href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</a>.
        </p>
        <h2>What we store and why</h2>
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th className="p-3">Data</th>
                <th className="p-3">Purpose and legal basis</th>
                <th className="p-3">How long</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-700">
              {storedData(legal).map((row) => (
                <tr key={row.what}>
                  <td className="p-3 align-top">{row.what}</td>
                  <td className="p-3 align-top">{row.why}</td>
                  <td className="p-3 align-top">{row.kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h2>Cookies</h2>
        <p>
          We set only the cookies needed to keep you signed in and to protect forms against cross-site requests. We use no advertising or
          third-party tracking cookies, so no cookie banner is needed.
        </p>
        <h2>Who receives your data</h2>
        <ul>
          <li>The hosting provider that runs this server and its database.</li>
          {legal.processors.map((processor) => (
            <li key={processor.name}>
              <strong>{processor.name}</strong>: {processor.role}.
            </li>
          ))}
          {legal.signInProviders.length ? (
            <li>
              {legal.signInProviders.join(" or ")}, only if you choose to sign in with {legal.signInProviders.length > 1 ? "them" : "it"}.
            </li>
          ) : null}
        </ul>
        <p>
          No other service receives your data from this server.{" "}
          {legal.processors.some((processor) => processor.role.includes("chat messages"))
            ? "Of your profile, only your nationality and country of residence go to an AI model with your question, so that the answer fits your situation."
            : "The assistant answers from our own knowledge base on this server: your chat messages stay here."}
        </p>
        <p>We never sell your data or share it for advertising.</p>
        <h2>Your rights</h2>
        <ul>
          <li>
            <strong>Access and portability</strong> (Art. 15, 20): Profile, Account tab, Export Account Data downloads everything as JSON.
          </li>
          <li>
            <strong>Rectification</strong> (Art. 16): edit your profile at any time.
          </li>
          <li>
            <strong>Erasure</strong> (Art. 17): Profile, Account tab, Delete Account removes your data permanently and ends all sessions.
          </li>
          <li>
            <strong>Restriction and objection</strong> (Art. 18, 21) and <strong>withdrawal of consent</strong>, for example the newsletter:
            write to us.
          </li>
          <li>
            <strong>Complaint</strong> (Art. 77): to any data protection authority, for example the Berlin Commissioner for Data Protection
            and Freedom of Information.
          </li>
        </ul>
        <h2>Security</h2>
        <p>
          Passwords are hashed with argon2id, connections are encrypted, sessions can be ended everywhere from your profile, and repeated
          failed sign-ins are slowed down.
        </p>
        <p>
          See also our <Link href="/terms">terms of service</Link>.
        </p>
      </div>
    </>
  );
}
