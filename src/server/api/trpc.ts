import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, type z } from "zod";
import { canAccess, type StaffAccess } from "~/lib/admin-sections";
import type { PermissionKey } from "~/lib/permissions";
import { type ContentScope, contentEdited } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";
import { isDatabaseUnavailable, unavailableError } from "~/server/db/unavailable";
import { AppError, GENERIC_ERROR_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { log } from "~/server/observability/log";
import { isPaymentProviderUnavailable, PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE } from "~/server/payments";
import type { AuditActor } from "~/server/services/audit.service";
import type { SessionClaims } from "~/server/services/sessions.service";

export interface Context {
  db: Db;
  session: SessionClaims | null;
  ip: string;
  requestId: string;
}

/** Issues of an invalid input, as the client sees them. */
function inputIssues(error: ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/**
 * What a client may see of an error: input issues and messages written for users; an unexpected
 * error is logged with the request id and answered with a generic message.
 */
export function publicError(error: TRPCError, requestId = "-") {
  const zodError = error.cause instanceof ZodError ? error.cause : null;
  if (zodError) {
    return {
      message: zodError.issues[0] ? describeIssue(zodError.issues[0]) : "Invalid input",
      issues: inputIssues(zodError),
    };
  }
  if (error.code === "INTERNAL_SERVER_ERROR") {
    log.error({ requestId, err: error.cause ?? error }, "request failed");
    return { message: GENERIC_ERROR_MESSAGE, issues: undefined };
  }
  return { message: error.message, issues: undefined };
}

// zod's own messages do not name the field; ours (in src/lib/schemas) are written to be read alone.
const GENERIC_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  if (!path || !GENERIC_ZOD_MESSAGE.test(issue.message)) return issue.message;
  if (/received undefined$/.test(issue.message)) return `${path} is required`;
  return `${path}: ${issue.message}`;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const { message, issues } = publicError(error, ctx?.requestId);
    return { message, code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues } };
  },
});

/**
 * Turns a service's AppError into the matching tRPC error, and a database or payment provider that
 * is away into a 503; anything else stays internal.
 */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const appError =
      result.error.cause instanceof AppError
        ? result.error.cause
        : isDatabaseUnavailable(result.error)
          ? unavailableError()
          : isPaymentProviderUnavailable(result.error)
            ? new AppError("UNAVAILABLE", PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE, { retryAfterSeconds: 60 })
            : null;
    if (appError) throw new TRPCError({ code: appError.trpcCode, message: appError.message, cause: appError });
  }
  return result;
});

export const createTRPCRouter = t.router;

/** For procedures that edit cached content: after a successful change this process reads it anew at once. */
export function editsContent(scope: ContentScope) {
  return t.middleware(async ({ next }) => {
    const result = await next();
    if (result.ok) contentEdited(scope);
    return result;
  });
}
export const createCallerFactory = t.createCallerFactory;

export const UNSTORABLE_TEXT_MESSAGE = "Text must be valid Unicode without the NUL character (\\u0000).";

/** U+0000, or half of a surrogate pair alone (with the u flag, a whole pair is one code point and does not match). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character PostgreSQL cannot store
const UNSTORABLE_CHARACTER = /[\u0000\p{Cs}]/u;

/**
 * Whether any string (value or key) in a request's input holds text the database cannot take: U+0000
 * or a lone surrogate. Walked without recursion, so deep nesting costs no stack.
 */
export function containsUnstorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (UNSTORABLE_CHARACTER.test(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE_CHARACTER.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text and Prisma cannot send a lone surrogate: a query carrying
 * either fails. Such input is refused with a 400 before any procedure runs, so nothing is
 * half-written and nothing answers 500.
 */
const refuseUnstorableText = t.middleware(async ({ getRawInput, next }) => {
  if (containsUnstorableText(await getRawInput())) throw new TRPCError({ code: "BAD_REQUEST", message: UNSTORABLE_TEXT_MESSAGE });
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors).use(refuseUnstorableText);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: SIGN_IN_REQUIRED_MESSAGE });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const TWO_FACTOR_REQUIRED_MESSAGE = "Set up two-factor sign-in in your profile's Security tab to use the management area.";

export const NO_PERMISSION_MESSAGE = "You do not have permission to do this.";

/**
 * A procedure of the management area: the caller's role must pass `access` (the admin role, or any of
 * the permission keys: src/lib/admin-sections.ts) and the account must sign in with two factors.
 * The context gains `actor`, the staff member recorded in the audit log.
 */
export function staffProcedure(access: StaffAccess) {
  return protectedProcedure.use(({ ctx, next }) => {
    if (!canAccess(ctx.session.role, access)) throw new TRPCError({ code: "FORBIDDEN", message: NO_PERMISSION_MESSAGE });
    // Staff powers need a second factor: a stolen password alone must not reach other people's data.
    if (!ctx.session.twoFactorEnabled) throw new TRPCError({ code: "FORBIDDEN", message: TWO_FACTOR_REQUIRED_MESSAGE });
    const actor: AuditActor = { id: ctx.session.id, email: ctx.session.email, ip: ctx.ip };
    return next({ ctx: { ...ctx, actor } });
  });
}

export function permissionProcedure(...permissions: PermissionKey[]) {
  return staffProcedure(permissions);
}

export const VERIFY_EMAIL_FIRST_MESSAGE =
  "Please verify your email address first: open the link we sent you, or use “Resend” in the banner.";

/** For what an unverified address may not do yet (posting in the community, linking a provider). */
export const verifiedProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.session.emailVerified) throw new TRPCError({ code: "FORBIDDEN", message: VERIFY_EMAIL_FIRST_MESSAGE });
  return next();
});
