import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "~/env";
import { currentRequestContext } from "./request-context";

/**
 * Fields that never reach a log line, wherever they sit in the logged object (two levels deep):
 * people's addresses, secrets and the headers that carry them. A log line names a user by id only.
 */
const PERSONAL_FIELDS = ["email", "to", "name", "firstName", "lastName", "password", "token", "secret", "authorization", "cookie", "ip"];
const REDACTED_PATHS = PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

function level(): string {
  try {
    return env.LOG_LEVEL;
  } catch {
    return "info"; // settings not valid: start.ts reports them, through this logger
  }
}

/**
 * An error as a log line shows it: its kind, message, stack and status codes only. Errors of
 * providers carry the request they sent (a user's question, the prompt) and the answer they got,
 * which must not reach the logs.
 */
function errorForLog(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
    ...(typeof statusCode === "number" ? { statusCode } : {}),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(error.cause !== undefined
      ? { cause: error.cause instanceof Error ? `${error.cause.constructor.name}: ${error.cause.message}` : undefined }
      : {}),
  };
}

/** A JSON logger: one object a line, the time in ISO, the level by name, the request's id and user. */
export function createLogger(destination?: DestinationStream): Logger {
  const options = {
    level: level(),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: errorForLog, error: errorForLog },
    mixin() {
      const context = currentRequestContext();
      return context ? { requestId: context.requestId, ...(context.userId ? { userId: context.userId } : {}) } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

// One logger for the process, shared by scripts/serve.ts and the route handlers Next bundles apart.
const LOGGER_KEY = Symbol.for("swipeabroad.logger");
const globalLogger = globalThis as { [LOGGER_KEY]?: Logger };

/** The process's logger. Pass errors as `{ err }`: pino writes their type, message and stack. */
export const log: Logger = (globalLogger[LOGGER_KEY] ??= createLogger());
