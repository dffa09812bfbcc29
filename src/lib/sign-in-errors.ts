import { AUTH_MESSAGES } from "~/lib/schemas/auth";

/**
 * What the `?error=` of a social sign-in (next-auth sends the browser to `/?error=<code>`) means for
 * the person: the codes are those of src/server/services/auth.service.ts (OAUTH_ERRORS,
 * SIGN_IN_ERRORS) and next-auth's own.
 */
const SIGN_IN_ERROR_MESSAGES: Record<string, string> = {
  OAuthAccountNotLinked:
    "An account with this email address already exists. Log in with your email and password; you can then link Google or LinkedIn in your profile's Security tab.",
  VerifyEmailFirst: "Please verify your email address before linking Google or LinkedIn: open the link we sent you, or use “Resend” in the banner.",
  OAuthLinkedElsewhere: "This Google or LinkedIn account is already linked to another SwipeAbroad account.",
  AccountSuspended: "This account is suspended. Please contact support.",
  TooManyAttempts: AUTH_MESSAGES.tooManyAttempts,
  AccessDenied: "The sign-in was cancelled or not allowed.",
};

export const SOCIAL_SIGN_IN_FAILED = "Sign-in with Google or LinkedIn did not work. Please try again.";

/** The message for a sign-in error code, or null when there is no error. */
export function signInErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return SIGN_IN_ERROR_MESSAGES[code] ?? SOCIAL_SIGN_IN_FAILED;
}
