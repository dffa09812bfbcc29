import { restRoute } from "~/server/rest";

export const GET = restRoute({ call: (api) => api.content.threads() });
