import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { CostCalculator } from "~/components/tools/costs/cost-calculator";
import { costInputFromQuery } from "~/lib/schemas/tools/costs";
import "./print.css";

export const metadata: Metadata = {
  title: "Cost Calculator",
  description:
    "Your monthly and yearly budget in a German university city, every line with its source, compared with the blocked-account amount.",
};

/** /tools/cost-calculator: the inputs may come in the query string (a share link or a saved budget in the profile). */
export default async function CostCalculatorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { values } = costInputFromQuery(await searchParams);
  return (
    <div id="cost-calculator">
      <PageHeader eyebrow="Tools" title="Cost Calculator">
        What studying in a German university city costs a month and a year: rent, semester contribution, health insurance, broadcasting fee
        and living costs, each line from an official or survey source with the day we checked it, set against the amount a blocked account
        pays out.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <p className="mb-6 text-sm text-slate-600 print:hidden">
          <Link href="/tools" className="font-medium text-brand-600 underline-offset-2 hover:underline">
            All planning tools
          </Link>
        </p>
        <CostCalculator initial={values} />
      </div>
    </div>
  );
}
