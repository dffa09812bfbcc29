import { restRoute } from "~/server/http/rest";

export const POST = restRoute({ input: "body", call: (api, input) => api.billing.createCustomer(input) });
