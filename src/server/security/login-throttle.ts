import { env } from "~/env";

/** How the failed-login throttle counts: per account and per address (a campus shares one address). */
export function loginThrottle() {
  return {
    windowMinutes: env.LOGIN_THROTTLE_WINDOW_MINUTES,
    maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  };
}
