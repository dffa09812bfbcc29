import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import LinkedInProvider from "next-auth/providers/linkedin";
import type { Db } from "~/server/db/client";
import { loginSchema } from "~/lib/schemas/auth";
import type { Role } from "~/lib/permissions";
import { resolveSession, signInWithOAuth, verifyCredentials } from "~/server/services/auth.service";
import { clientIp } from "./request";
import { getAuthSecret } from "./secret";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Which social sign-in providers are configured; the others are hidden, not broken. */
export function configuredProviders() {
  return {
    google: Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET),
    linkedin: Boolean(process.env.LINKEDIN_CLIENT_ID && process.env.LINKEDIN_CLIENT_SECRET),
  };
}

function socialProviders() {
  const enabled = configuredProviders();
  return [
    ...(enabled.google
      ? [GoogleProvider({ clientId: process.env.GOOGLE_CLIENT_ID!, clientSecret: process.env.GOOGLE_CLIENT_SECRET! })]
      : []),
    ...(enabled.linkedin
      ? [
          // LinkedIn's "Sign In with LinkedIn using OpenID Connect".
          LinkedInProvider({
            clientId: process.env.LINKEDIN_CLIENT_ID!,
            clientSecret: process.env.LINKEDIN_CLIENT_SECRET!,
            wellKnown: "https://www.linkedin.com/oauth/.well-known/openid-configuration",
            issuer: "https://www.linkedin.com/oauth",
            jwks_endpoint: "https://www.linkedin.com/oauth/openid/jwks",
            authorization: { params: { scope: "openid profile email" } },
            profile: (raw) => {
              const profile = raw as unknown as { sub: string; name: string; email: string; picture?: string };
              return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture };
            },
          }),
        ]
      : []),
  ];
}

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; role: Role };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    sv?: number;
  }
}

export async function buildAuthOptions(db: Db): Promise<AuthOptions> {
  return {
    secret: await getAuthSecret(db),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/", error: "/" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, req) {
          const parsed = loginSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const claims = await verifyCredentials(db, parsed.data, clientIp(new Headers(req.headers as Record<string, string>)));
          return claims ? { ...claims } : null;
        },
      }),
      ...socialProviders(),
    ],
    callbacks: {
      async signIn({ user, account }) {
        if (!account || account.type !== "oauth") return true;
        if (!user.email) return false;
        const claims = await signInWithOAuth(db, {
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email: user.email.toLowerCase(),
          name: user.name ?? user.email,
        });
        if (!claims) return false;
        Object.assign(user, claims); // the jwt callback below receives this same user
        return true;
      },
      async jwt({ token, user }) {
        if (user) {
          const claims = user as unknown as { id: string; role: Role; sessionVersion: number; name: string; email: string };
          return { sub: claims.id, name: claims.name, email: claims.email, role: claims.role, sv: claims.sessionVersion };
        }
        // Every later read re-checks the database: a signed-out-everywhere, changed-password,
        // suspended or deleted account loses its session at once (throwing clears the cookie).
        const current = token.sub ? await resolveSession(db, token.sub, token.sv ?? -1) : null;
        if (!current) throw new Error("Session is no longer valid");
        return { ...token, name: current.name, email: current.email, role: current.role };
      },
      async session({ session, token }) {
        session.user = { id: token.sub!, email: token.email!, name: token.name ?? "", role: token.role ?? "user" };
        return session;
      },
    },
    logger: {
      error(code, metadata) {
        if (code === "JWT_SESSION_ERROR") return; // an ended session, not a fault
        console.error("[auth]", code, metadata instanceof Error ? metadata.message : metadata);
      },
      warn(code) {
        if (code !== "NEXTAUTH_URL" && code !== "NO_SECRET") console.warn("[auth]", code);
      },
      debug() {},
    },
  };
}
