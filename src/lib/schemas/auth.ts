import { z } from "zod";
import { emailSchema, requiredText } from "./common";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

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
} as const;

export { emailSchema };
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
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The signup form: the same fields plus the confirmation. */
export const signupFormSchema = signupSchema
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
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
