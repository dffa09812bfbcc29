import { restRoute } from "~/server/rest";

export const GET = restRoute({ input: "query", call: (api, input) => api.billing.transactions(input) });
