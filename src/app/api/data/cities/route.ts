import { restRoute } from "~/server/http/rest";

// Reference data changes only with a new release: browsers and proxies may cache it for a day.
export const GET = restRoute({
  input: "query",
  call: (api, input) => api.content.cities(input),
  headers: { "cache-control": "public, max-age=86400, stale-while-revalidate=604800" },
});
