import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import type { Role } from "~/lib/permissions";
import { passwordSignInSchema } from "~/lib/schemas/auth";
import { SIGN_IN_ERRORS } from "~/lib/sign-in-errors";
import { socialProviders } from "~/server/auth/providers";
import { getAuthSecret } from "~/server/auth/secret";
import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import { SignInError, signInWithOAuth, signInWithPassword } from "~/server/services/auth.service";
import {
  createSession,
  endSession,
  resolveSession,
  SESSION_MAX_AGE_SECONDS,
  type SessionClaims,
  type SignInContext,
} from "~/server/services/sessions.service";
import { redirectOnOwnHost } from "./own-host";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; role: Role; emailVerified: boolean; twoFactorEnabled: boolean };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    /** The AuthSession row of this sign-in. */
    sid?: string;
  }
}

/** OpenID Connect's email_verified; some providers send it as a string. */
function providerVerifiedEmail(profile: unknown): boolean {
  const value = (profile as { email_verified?: unknown } | undefined)?.email_verified;
  return value === true || value === "true";
}

export interface AuthRequest extends SignInContext {
  /** The user already signed in on this browser (linking a provider from the Security tab). */
  current: SessionClaims | null;
  /** The origin this request's redirects go to (see trustedRequestOrigin); absent: the public URL's. */
  origin?: string;
  /** The browser's known device for an account (its valid device cookie's nonce), for the sign-in throttle. */
  deviceFor?: (email: string) => string | null;
  /** The browser's `reader-zone` cookie as sent: the zone of an account a social sign-in creates, when valid. */
  readerZone?: string | null;
  /** Told the account a sign-in of this request succeeded for. */
  onSignedIn?: (email: string) => void;
}

/**
 * next-auth's options for one request: the request's device, address and current session are what a
 * new sign-in records, and what decides whether a social sign-in links to the signed-in account.
 */
export async function buildAuthOptions(db: Db, request: AuthRequest): Promise<AuthOptions> {
  return {
    secret: await getAuthSecret(db),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/", error: "/" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" }, code: { type: "text" } },
        // The throttle lives here, so it holds for every path and body type that reaches a sign-in.
        async authorize(credentials) {
          const parsed = passwordSignInSchema.safeParse(credentials);
          if (!parsed.success) throw new SignInError(SIGN_IN_ERRORS.invalid);
          const claims = await signInWithPassword(db, parsed.data, request.ip, request.deviceFor);
          return { ...claims };
        },
      }),
      ...socialProviders(),
    ],
    callbacks: {
      // After sign-in and sign-out the browser stays on the host it is on, and never leaves the app.
      redirect({ url, baseUrl }) {
        return redirectOnOwnHost(url, request.origin ?? baseUrl, [baseUrl]);
      },
      async signIn({ user, account, profile }) {
        if (account?.type !== "oauth") return true;
        if (!user.email) return false;
        const claims = await signInWithOAuth(
          db,
          {
            provider: account.provider,
            providerAccountId: account.providerAccountId,
            email: user.email.toLowerCase(),
            name: user.name ?? user.email,
            emailVerified: providerVerifiedEmail(profile),
            timeZone: request.readerZone,
          },
          request.current,
        );
        Object.assign(user, claims); // the jwt callback below receives this same user
        return true;
      },
      async jwt({ token, user }) {
        if (user) {
          const claims = user as unknown as SessionClaims;
          request.onSignedIn?.(claims.email);
          // Linking a provider keeps the browser's sign-in; any other sign-in is a new session.
          const sid =
            request.current && request.current.id === claims.id && request.current.sessionId
              ? request.current.sessionId
              : await createSession(db, claims, request);
          return { sub: claims.id, name: claims.name, email: claims.email, role: claims.role, sid };
        }
        // Every later read checks the session row: a revoked, expired, suspended or deleted
        // sign-in ends at once (throwing clears the cookie). The request's own check of this cookie
        // already read it; only another token is read again.
        const current =
          request.current && request.current.sessionId === token.sid
            ? request.current
            : token.sub && token.sid
              ? await resolveSession(db, token.sub, token.sid)
              : null;
        if (!current) throw new Error("Session is no longer valid");
        return { ...token, name: current.name, email: current.email, role: current.role };
      },
      async session({ session, token }) {
        const current = request.current;
        session.user = {
          id: token.sub!,
          email: token.email!,
          name: token.name ?? "",
          role: token.role ?? "user",
          emailVerified: current?.emailVerified ?? false,
          twoFactorEnabled: current?.twoFactorEnabled ?? false,
        };
        return session;
      },
    },
    events: {
      // Logout ends the sign-in on the server: a copied cookie stops working too.
      async signOut({ token }) {
        if (token?.sid) await endSession(db, token.sid);
      },
    },
    logger: {
      error(code, metadata) {
        if (code === "JWT_SESSION_ERROR") return; // an ended session, not a fault
        log.error({ code, error: metadata instanceof Error ? metadata.message : undefined }, "next-auth error");
      },
      warn(code) {
        if (code !== "NEXTAUTH_URL" && code !== "NO_SECRET") log.warn({ code }, "next-auth warning");
      },
      debug() {},
    },
  };
}
