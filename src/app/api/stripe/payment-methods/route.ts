import { restRoute } from "~/server/http/rest";

export const GET = restRoute({ input: "query", call: (api, input) => api.billing.paymentMethods(input) });
export const POST = restRoute({ input: "body", call: (api, input) => api.billing.addPaymentMethod(input) });
export const DELETE = restRoute({ input: "query", call: (api, input) => api.billing.removePaymentMethod(input) });
