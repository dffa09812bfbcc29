import { restRoute } from "~/server/http/rest";

export const POST = restRoute({
  input: "body",
  call: (api, input) => api.students.create(input),
  respond: (student) => ({ success: true, student }),
  status: 201,
});
