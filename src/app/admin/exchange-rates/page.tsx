import type { Metadata } from "next";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ExchangeRatesForm } from "~/components/admin/exchange-rates-form";
import { canAccess } from "~/lib/admin-sections";
import { EXCHANGE_RATES_WRITE_ACCESS } from "~/lib/schemas/tools/compare";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Exchange rates", robots: { index: false } };

export default async function ExchangeRatesPage() {
  const { me, section } = await requireSection("exchange-rates");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="The country comparison converts tuition, proof of funds, living costs and fees into euros with these stored rates (1 EUR = rate). Nothing is looked up live: update them from the ECB's reference rates and name the day."
      />
      <ExchangeRatesForm canEdit={canAccess(me.role, EXCHANGE_RATES_WRITE_ACCESS)} />
    </div>
  );
}
