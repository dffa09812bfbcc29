import { restRoute } from "~/server/http/rest";

export const GET = restRoute({ input: "query", call: (api, input) => api.billing.transactions(input) });
