import { signIn } from "~/components/auth/sign-in-out";
import { SIGN_IN_ERRORS } from "~/lib/sign-in-errors";

/** How a password sign-in ended; the codes come from next-auth's answer (see src/server/http/auth-options.ts). */
export type SignInOutcome = "ok" | "codeRequired" | "codeInvalid" | "throttled" | "invalid" | "failed";

/** Signs in with email, password and, for accounts with two-factor sign-in, the code; never redirects. */
export async function passwordSignIn(input: { email: string; password: string; code?: string }): Promise<SignInOutcome> {
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await signIn("credentials", { ...input, redirect: false });
  } catch {
    return "failed";
  }
  if (result?.ok && !result.error) return "ok";
  if (result?.status === 429 || result?.error === SIGN_IN_ERRORS.throttled) return "throttled";
  if (result?.error === SIGN_IN_ERRORS.codeRequired) return "codeRequired";
  if (result?.error === SIGN_IN_ERRORS.invalidCode) return "codeInvalid";
  return result ? "invalid" : "failed";
}
