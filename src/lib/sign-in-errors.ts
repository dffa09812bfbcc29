import { AUTH_MESSAGES } from "~/lib/schemas/auth";

/**
 * Why a password sign-in did not succeed, as next-auth passes it to the browser (the `error` of the
 * answer). "CredentialsSignin" is next-auth's own word for a wrong email or password.
 */
export const SIGN_IN_ERRORS = {
  invalid: "CredentialsSignin",
  throttled: "TooManyAttempts",
  codeRequired: "TwoFactorRequired",
  invalidCode: "TwoFactorInvalid",
} as const;

/** Why a Google or LinkedIn sign-in was refused (next-auth sends the browser to `/?error=<code>`). */
export const OAUTH_ERRORS = {
  /** An account with this email exists and may not be linked automatically. */
  notLinked: "OAuthAccountNotLinked",
  /** Linking from the Security tab needs a verified email address first. */
  unverified: "VerifyEmailFirst",
  /** This provider account belongs to someone else's account. */
  linkedElsewhere: "OAuthLinkedElsewhere",
  suspended: "AccountSuspended",
} as const;

export type SignInErrorCode = (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS] | (typeof OAUTH_ERRORS)[keyof typeof OAUTH_ERRORS];

/** What a sign-in error code (ours above, or next-auth's own) means for the person. */
const SIGN_IN_ERROR_MESSAGES: Record<string, string> = {
  [OAUTH_ERRORS.notLinked]:
    "An account with this email address already exists. Log in with your email and password; you can then link Google or LinkedIn in your profile's Security tab.",
  [OAUTH_ERRORS.unverified]:
    "Please verify your email address before linking Google or LinkedIn: open the link we sent you, or use “Resend” in the banner.",
  [OAUTH_ERRORS.linkedElsewhere]: "This Google or LinkedIn account is already linked to another SwipeAbroad account.",
  [OAUTH_ERRORS.suspended]: "This account is suspended. Please contact support.",
  [SIGN_IN_ERRORS.throttled]: AUTH_MESSAGES.tooManyAttempts,
  AccessDenied: "The sign-in was cancelled or not allowed.",
};

const SOCIAL_SIGN_IN_FAILED = "Sign-in with Google or LinkedIn did not work. Please try again.";

/** The message for a sign-in error code, or null when there is no error. */
export function signInErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return SIGN_IN_ERROR_MESSAGES[code] ?? SOCIAL_SIGN_IN_FAILED;
}
