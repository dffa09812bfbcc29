import { adminSection } from "~/lib/admin-sections";
import { EXCHANGE_RATES_WRITE_ACCESS, exchangeRatesUpdateSchema } from "~/lib/schemas/tools/compare";
import { readExchangeRates, updateExchangeRates } from "~/server/services/tools/compare.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const reader = staffProcedure(adminSection("exchange-rates").access);
// updateExchangeRates marks the tools' data edited itself: it reads the new rates back at once.
const editor = staffProcedure(EXCHANGE_RATES_WRITE_ACCESS);

/** /admin/exchange-rates: the stored euro rates of /compare (read: settings:view; write: designer:settings). */
export const exchangeRatesRouter = createTRPCRouter({
  get: reader.query(({ ctx }) => readExchangeRates(ctx.db)),
  update: editor.input(exchangeRatesUpdateSchema).mutation(({ ctx, input }) => updateExchangeRates(ctx.db, ctx.actor, input)),
});
