import { restRoute } from "~/server/http/rest";

export const GET = restRoute({ call: (api) => api.content.threads() });
