import { restRoute } from "~/server/http/rest";

/** The account data export as a JSON file download. */
export const GET = restRoute({
  call: (api) => api.account.export(),
  headers: {
    "content-disposition": 'attachment; filename="swipeabroad-account-data.json"',
    "cache-control": "no-store",
  },
});
