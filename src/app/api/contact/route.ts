import { restRoute } from "~/server/rest";

export const POST = restRoute({ input: "body", status: 201, call: (api, input) => api.site.sendContactMessage(input) });
