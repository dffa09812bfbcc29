import type { Metadata } from "next";
import { ComparePicker } from "~/components/compare/compare-picker";
import { CompareTable } from "~/components/compare/compare-table";
import { PageHeader } from "~/components/site/page-header";
import { countryName } from "~/lib/options";
import { compareInputSchema } from "~/lib/schemas/tools/compare";
import { COMPARE_COUNTRIES, compareInputFromQuery } from "~/lib/schemas/tools/compare-choices";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = {
  title: "Compare countries",
  description:
    "Germany beside the countries students weigh against it: tuition, proof of funds, living costs, work while studying, the stay after graduating and visa fees, each with its official source.",
};

/** /compare (every plan and visitors): the chosen comparison comes from the address, so it can be shared and printed. */
export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const requested = compareInputFromQuery(await searchParams);
  const input = compareInputSchema.safeParse(requested);
  const comparison = input.success ? await (await serverApi()).tools.compare.table(input.data) : null;
  return (
    <div id="compare">
      <PageHeader eyebrow="Compare" title="Germany or somewhere else?">
        Put Germany beside the countries students weigh against it. Every figure comes from an official page, shown with the day we checked
        it; where no official source gives a figure, the table says so.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-8 px-4 pb-16">
        <ComparePicker initial={requested} countries={COMPARE_COUNTRIES.map((code) => ({ code, name: countryName(code) }))} />
        {comparison ? (
          <CompareTable comparison={comparison} />
        ) : (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="alert">
            {input.error?.issues[0]?.message ?? "Choose the countries and criteria to compare."}
          </p>
        )}
        <p className="text-xs text-slate-500 print:hidden">
          Rules change: before you apply, read the official page of each figure. For Germany in depth, ask the assistant or open the
          planning tools.
        </p>
      </div>
    </div>
  );
}
