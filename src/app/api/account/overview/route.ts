import { restRoute } from "~/server/http/rest";

export const GET = restRoute({
  call: (api) => api.account.overview(),
  respond: (account) => ({ success: true, account }),
});
