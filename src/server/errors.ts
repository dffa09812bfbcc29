import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

/** The product's error kinds, each with the tRPC code (and so the HTTP status) it answers with. */
const ERROR_KINDS = {
  BAD_INPUT: "BAD_REQUEST", // 400
  PAYMENT_FAILED: "PAYMENT_REQUIRED", // 402: a card was declined or a payment failed
  UNAUTHENTICATED: "UNAUTHORIZED", // 401
  FORBIDDEN: "FORBIDDEN", // 403
  NOT_FOUND: "NOT_FOUND", // 404
  CONFLICT: "CONFLICT", // 409
  TOO_LARGE: "PAYLOAD_TOO_LARGE", // 413
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE", // 415
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS", // 429
  UNAVAILABLE: "SERVICE_UNAVAILABLE", // 503: the database is restarting or unreachable
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorKind = keyof typeof ERROR_KINDS;

/**
 * An expected failure whose message is written for the user and safe to show.
 * Anything else that is thrown is logged and answered with a generic message.
 */
export class AppError extends Error {
  /** For 429 and 503: seconds until the caller may try again (answered as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: AppErrorKind,
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get trpcCode(): TRPC_ERROR_CODE_KEY {
    return ERROR_KINDS[this.kind];
  }
}

export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";
export const SIGN_IN_REQUIRED_MESSAGE = "You need to be signed in to do this.";
