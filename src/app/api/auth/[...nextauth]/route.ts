import { authRoute } from "~/server/http/sign-in";

export { authRoute as GET, authRoute as POST };
