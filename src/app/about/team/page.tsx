import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { DELIVERED_ENTITLEMENTS } from "~/lib/plans";
import { serverApi } from "~/server/api/server-caller";

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
  { name: "Support", text: "Answers questions about accounts, plans and payments, Monday to Friday." },
];

export default async function TeamPage() {
  const deliverable = await (await serverApi()).site.deliverable();
  // Coaches are named as a team only while one has published hours: the page never promises people who are not there.
  const teams = deliverable.coaching
    ? [
        ...TEAMS.slice(0, 2),
        {
          name: "Coaching",
          text: "Coaches who studied and work in Germany lead 1-on-1 consultations and visa preparation for Unlimited members.",
        },
        ...TEAMS.slice(2),
      ]
    : [...TEAMS, { name: "Coaching", text: `${DELIVERED_ENTITLEMENTS.coaching.label}: ${DELIVERED_ENTITLEMENTS.coaching.opensWhen}.` }];
  return (
    <>
      <PageHeader eyebrow="About us" title="The team">
        A small team in Berlin with one goal: that moving to Germany to study is a plan, not a gamble.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-4 px-4 sm:grid-cols-2">
        {teams.map((team) => (
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
