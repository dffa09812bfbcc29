import { restRoute } from "~/server/rest";

export const GET = restRoute({ call: (api) => api.account.overview(), respond: (account) => ({ success: true, account }) });
