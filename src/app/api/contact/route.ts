import { restRoute } from "~/server/http/rest";

export const POST = restRoute({ input: "body", status: 201, call: (api, input) => api.site.sendContactMessage(input) });
