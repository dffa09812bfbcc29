import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";

export const metadata: Metadata = { title: "Team" };

const TEAMS = [
  {
    name: "Product and engineering",
    text: "Builds the assistant, the knowledge-base search and the app you are using. Former international students in Germany.",
  },
  {
    name: "Content and research",
    text: "Writes and reviews every knowledge-base article against official sources: DAAD, the Federal Foreign Office, uni-assist, the health insurers and the immigration offices.",
  },
  {
    name: "Coaching",
    text: "Coaches who studied and work in Germany lead consultations, document reviews and visa preparation for Unlimited members.",
  },
  { name: "Support", text: "Answers questions about accounts, plans and payments, Monday to Friday." },
];

export default function TeamPage() {
  return (
    <>
      <PageHeader eyebrow="About us" title="The team">
        A small team in Berlin with one goal: that moving to Germany to study is a plan, not a gamble.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-4 px-4 sm:grid-cols-2">
        {TEAMS.map((team) => (
          <section key={team.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="font-semibold">{team.name}</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{team.text}</p>
          </section>
        ))}
        <p className="text-sm text-slate-600 sm:col-span-2">
          Want to work with us? See{" "}
          <Link href="/careers" className="font-medium text-brand-600 hover:underline">
            careers
          </Link>
          .
        </p>
      </div>
    </>
  );
}
