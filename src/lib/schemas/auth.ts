import { z } from "zod";
import { emailSchema, requiredText } from "./common";
import { timeZoneSchema } from "./locale";

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

export const AUTH_MESSAGES = {
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordsDontMatch: "Passwords don't match",
  invalidEmail: "Please enter a valid email address",
  loginFailed: "Invalid email or password",
  loginError: "An error occurred during login",
  signupFailed: "Signup failed",
  signupError: "An error occurred during signup",
  signupSuccess: "Account created successfully! Logging you in...",
  autoLoginFailed: "Account created but login failed. Please try logging in manually.",
  emailTaken: "An account with this email already exists. Please log in instead.",
  tooManyAttempts: "Too many failed login attempts. Please wait 15 minutes and try again.",
  twoFactorRequired: "Enter the 6-digit code from your authenticator app.",
  twoFactorInvalid: "That code is not correct. Try the current code, or one of your recovery codes.",
} as const;

const nameSchema = (label: string) => requiredText(label, 100);
const passwordSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Password is required" : "Password must be text") })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

/** POST /api/auth/signup */
export const signupSchema = z.object({
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
  email: emailSchema,
  password: passwordSchema,
  /**
   * The browser's zone (Intl), for the dates of the new profile. One this server's IANA list does not
   * know is left out rather than refused: the profile keeps the default zone, changeable in Settings.
   */
  timeZone: timeZoneSchema.optional().catch(undefined),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The signup form: the same fields (the zone is the browser's, not asked) plus the confirmation. */
export const signupFormSchema = signupSchema
  .omit({ timeZone: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
  });
export type SignupForm = z.input<typeof signupFormSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** A mailed link's token (verification, reset, newsletter confirmation). */
export const tokenSchema = z.object({
  token: z.string().trim().min(1, "The link is incomplete.").max(200, "The link is not valid."),
});

/** "Forgot password?" */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** The reset-password page: the link's token and the new password twice. */
export const resetPasswordSchema = z.object({ token: tokenSchema.shape.token, password: passwordSchema });
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
  });

/** A 6-digit authenticator code or a recovery code (xxxx-xxxx-xxxx). */
const twoFactorCodeSchema = z
  .string({ error: "Enter the code from your authenticator app." })
  .trim()
  .min(6, "Enter the 6-digit code from your authenticator app, or a recovery code.")
  .max(20, "That code is too long.");

export const confirmTwoFactorSchema = z.object({ code: twoFactorCodeSchema });
export const disableTwoFactorSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  code: twoFactorCodeSchema,
});

/** The password sign-in, with the second step's code when the account has two-factor sign-in. */
export const passwordSignInSchema = loginSchema.extend({ code: z.string().trim().max(20).optional() });

/** Deleting the account: the password, or for accounts without one a current two-factor code or the mailed code. */
export const deleteAccountSchema = z
  .object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional(), code: z.string().trim().max(20).optional() })
  .refine((input) => Boolean(input.password || input.code), {
    message: "Enter your password to delete your account.",
    path: ["password"],
  });

export const sessionIdSchema = z.object({ sessionId: z.string().trim().min(1).max(100) });
