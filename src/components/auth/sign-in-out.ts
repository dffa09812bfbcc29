import type { signIn as nextAuthSignIn, signOut as nextAuthSignOut } from "next-auth/react";

// next-auth's client library loads when someone signs in or out, not with every page.

/** next-auth's `signIn` (a provider's sign-in page, or linking one to the account). */
export async function signIn(...args: Parameters<typeof nextAuthSignIn>): ReturnType<typeof nextAuthSignIn> {
  const { signIn: run } = await import("next-auth/react");
  return run(...args);
}

/** next-auth's `signOut`: ends the session and, unless `redirect: false`, goes to `callbackUrl`. */
export async function signOut(...args: Parameters<typeof nextAuthSignOut>): ReturnType<typeof nextAuthSignOut> {
  const { signOut: run } = await import("next-auth/react");
  return run(...args);
}
