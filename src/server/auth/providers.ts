import GoogleProvider from "next-auth/providers/google";
import LinkedInProvider from "next-auth/providers/linkedin";
import { env } from "~/env";

/** Which social sign-in providers are configured; the others are hidden, not broken. */
export function configuredProviders() {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    linkedin: Boolean(env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET),
  };
}

export function socialProviders() {
  const enabled = configuredProviders();
  return [
    ...(enabled.google ? [GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! })] : []),
    ...(enabled.linkedin
      ? [
          // LinkedIn's "Sign In with LinkedIn using OpenID Connect".
          LinkedInProvider({
            clientId: env.LINKEDIN_CLIENT_ID!,
            clientSecret: env.LINKEDIN_CLIENT_SECRET!,
            wellKnown: "https://www.linkedin.com/oauth/.well-known/openid-configuration",
            issuer: "https://www.linkedin.com/oauth",
            jwks_endpoint: "https://www.linkedin.com/oauth/openid/jwks",
            authorization: { params: { scope: "openid profile email" } },
            profile: (raw) => {
              const profile = raw as unknown as {
                sub: string;
                name: string;
                email: string;
                picture?: string;
                email_verified?: boolean | string;
              };
              return { id: profile.sub, name: profile.name, email: profile.email, image: profile.picture };
            },
          }),
        ]
      : []),
  ];
}
