import { readJsonBody } from "~/server/http/body";
import { restRoute } from "~/server/http/rest";

/** An answer's feedback record as the body, the browser session in the x-session-id header. */
export const POST = restRoute({
  input: async (request) => ({
    ...(((await readJsonBody(request)) as object | undefined) ?? {}),
    sessionId: request.headers.get("x-session-id") ?? "",
  }),
  call: (api, input) => api.chat.feedback(input),
  respond: (feedback) => ({ success: true, feedback }),
  status: 201,
});
