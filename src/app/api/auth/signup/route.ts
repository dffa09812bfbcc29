import { restRoute } from "~/server/http/rest";

export const POST = restRoute({
  input: "body",
  call: (api, input) => api.auth.signup(input),
  respond: (user) => ({ success: true, user }),
  status: 201,
});
