import { restRoute } from "~/server/http/rest";

export const GET = restRoute({ call: (api) => api.billing.addresses() });
export const POST = restRoute({ input: "body", call: (api, input) => api.billing.createAddress(input), status: 201 });
