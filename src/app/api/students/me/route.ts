import { restRoute } from "~/server/http/rest";

export const GET = restRoute({ call: (api) => api.students.me(), respond: (student) => ({ success: true, student }) });

export const PATCH = restRoute({
  input: "body",
  call: (api, input) => api.students.updateMe(input),
  respond: (student) => ({ success: true, student }),
});
