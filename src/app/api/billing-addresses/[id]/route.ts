import { restRoute } from "~/server/http/rest";

const byId = (_request: Request, params: Record<string, string>) => ({ id: params.id });

export const DELETE = restRoute({ input: byId, call: (api, input) => api.billing.deleteAddress(input) });
/** No body: makes this address the default. */
export const PATCH = restRoute({ input: byId, call: (api, input) => api.billing.setDefaultAddress(input) });
