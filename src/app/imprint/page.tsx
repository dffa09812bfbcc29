import type { Metadata } from "next";
import { ImprintDetails } from "~/components/site/imprint-details";
import { PageHeader } from "~/components/site/page-header";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Imprint (Impressum)" };

export default async function ImprintPage() {
  const { operator } = await (await serverApi()).site.legal();
  return (
    <>
      <PageHeader eyebrow="Legal" title="Imprint (Impressum)">
        Who runs this site: the information German law asks of every online service (§ 5 Digital Services Act, DDG).
      </PageHeader>
      <ImprintDetails operator={operator} />
    </>
  );
}
