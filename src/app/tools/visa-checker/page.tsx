import type { Metadata } from "next";
import { PageHeader } from "~/components/site/page-header";
import { VisaChecker } from "~/components/tools/visa/visa-checker";
import { visaInputFromQuery } from "~/lib/schemas/tools/visa";

export const metadata: Metadata = { title: "Visa Checker" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /tools/visa-checker: the form, and the answer for the inputs of the query string (a saved or shared result). */
export default async function VisaCheckerPage({ searchParams }: Props) {
  const initial = visaInputFromQuery(await searchParams);
  return (
    <>
      <div className="print:hidden">
        <PageHeader eyebrow="Tools" title="Visa Checker">
          Do you need a visa before entering Germany, which residence title fits your plan, and what must you prove? Every answer names its official source and the day we checked it.
        </PageHeader>
      </div>
      <VisaChecker initial={initial} />
    </>
  );
}
