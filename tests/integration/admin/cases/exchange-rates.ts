import { adminSection } from "~/lib/admin-sections";
import { EXCHANGE_RATES_WRITE_ACCESS } from "~/lib/schemas/tools/compare";
import type { AdminProcedureCase } from "./types";

export const cases: AdminProcedureCase[] = [
  { path: "admin.exchangeRates.get", access: adminSection("exchange-rates").access },
  {
    path: "admin.exchangeRates.update",
    access: EXCHANGE_RATES_WRITE_ACCESS,
    input: () => ({
      date: "2026-11-20",
      rates: [{ currency: "USD", rate: 1.05 }],
      sourceTitle: "ECB euro reference rates",
      sourceUrl: "https://www.ecb.europa.eu/",
    }),
    // A rate without the page it comes from.
    badInput: { date: "2026-11-20", rates: [{ currency: "USD", rate: 1.05 }], sourceTitle: "", sourceUrl: "" },
  },
];
