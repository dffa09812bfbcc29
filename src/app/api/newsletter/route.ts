import { restRoute } from "~/server/rest";

export const POST = restRoute({ input: "body", call: (api, input) => api.site.subscribeNewsletter(input) });
