import type { Metadata } from "next";
import { PageHeader } from "~/components/site/page-header";
import { VisaChecker } from "~/components/tools/visa/visa-checker";
import { COUNTRY_OPTIONS } from "~/lib/options";
import { visaCheckInputSchema, visaInputFromQuery } from "~/lib/schemas/tools/visa";
import { VISA_FORM_DEFAULTS } from "~/lib/schemas/tools/visa-choices";

export const metadata: Metadata = { title: "Visa Checker" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /tools/visa-checker: the form, and the answer for the inputs of the query string (a saved or shared result). */
export default async function VisaCheckerPage({ searchParams }: Props) {
  const initial = visaInputFromQuery(await searchParams);
  const complete = visaCheckInputSchema.safeParse({ ...VISA_FORM_DEFAULTS, ...initial });
  const initialCheck = complete.success && initial.nationality && initial.purpose ? complete.data : null;
  return (
    <>
      <div className="print:hidden">
        <PageHeader eyebrow="Tools" title="Visa Checker">
          Do you need a visa before entering Germany, which residence title fits your plan, and what must you prove? Every answer names its
          official source and the day we checked it.
        </PageHeader>
      </div>
      <VisaChecker initial={initial} initialCheck={initialCheck} nationalityOptions={COUNTRY_OPTIONS} />
    </>
  );
}
