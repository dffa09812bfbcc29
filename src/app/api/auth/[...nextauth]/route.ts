import NextAuth from "next-auth";
import { buildAuthOptions } from "~/server/auth/options";
import { clientIp } from "~/server/auth/request";
import { getDb } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { emailSchema } from "~/lib/schemas/auth";
import { assertLoginAllowed } from "~/server/services/auth.service";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext) {
  const db = getDb();
  const { nextauth } = await context.params;
  // Throttled logins answer 429 before next-auth sees the password.
  if (request.method === "POST" && nextauth.join("/") === "callback/credentials") {
    const form = new URLSearchParams(await request.clone().text());
    const email = emailSchema.safeParse(form.get("email") ?? "");
    try {
      await assertLoginAllowed(db, email.success ? email.data : "", clientIp(request.headers));
    } catch (error) {
      if (error instanceof AppError && error.kind === "TOO_MANY_REQUESTS") {
        const url = new URL("/?error=TooManyAttempts", request.url).toString();
        return Response.json({ success: false, error: error.message, url }, { status: 429, headers: { "retry-after": "900" } });
      }
      throw error;
    }
  }
  return NextAuth(await buildAuthOptions(db))(request, context);
}

export { handler as GET, handler as POST };
