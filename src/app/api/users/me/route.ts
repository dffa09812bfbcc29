import { restRoute } from "~/server/http/rest";

export const GET = restRoute({ call: (api) => api.users.me(), respond: (user) => ({ success: true, user }) });
