import type { Prisma } from "~/generated/prisma/client";
import type { Db, DbOrTx } from "~/server/db/client";
import { log } from "~/server/observability/log";
import { metrics } from "~/server/observability/metrics";

export interface JobContext {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  /** The run after which a failing job is dead. */
  maxAttempts: number;
}
export type JobHandler = (db: Db, payload: unknown, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** Enqueued once: a second job with the same key is not added. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** How long a claimed job is held; a job still "running" after that (its instance died) is run again. */
const LEASE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;

/** Seconds before attempt n+1: 15 s, 60 s, 4 min, 16 min, then hourly. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 15 * 4 ** (attempt - 1));
}

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

export async function enqueueJob(db: DbOrTx, kind: string, payload: Prisma.InputJsonValue, options: EnqueueOptions = {}) {
  await db.job.createMany({
    data: [
      {
        kind,
        payload,
        runAt: options.runAt ?? new Date(),
        uniqueKey: options.uniqueKey,
        maxAttempts: options.maxAttempts ?? 5,
      },
    ],
    skipDuplicates: true,
  });
}

interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/**
 * Takes up to `limit` due jobs in one statement. FOR UPDATE SKIP LOCKED lets every instance claim at
 * once without two taking the same job; a job whose lease ran out is due again.
 */
async function claimJobs(db: Db, limit: number): Promise<ClaimedJob[]> {
  return db.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "attempts" = "attempts" + 1,
      "lockedUntil" = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE ("status" = 'queued' AND "runAt" <= now()) OR ("status" = 'running' AND "lockedUntil" < now())
      ORDER BY "runAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "payload", "attempts", "maxAttempts"`;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

async function runOne(db: Db, job: ClaimedJob): Promise<"done" | "retry" | "dead"> {
  const outcome = await runHandler(db, job);
  metrics().jobRuns.inc({ job: handlers.has(job.kind) ? job.kind : "unknown", outcome });
  return outcome;
}

async function runHandler(db: Db, job: ClaimedJob): Promise<"done" | "retry" | "dead"> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
    await handler(db, job.payload, { id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts });
    await db.job.update({
      where: { id: job.id },
      data: { status: "done", finishedAt: new Date(), lockedUntil: null, lastError: null },
    });
    return "done";
  } catch (error) {
    const dead = job.attempts >= job.maxAttempts;
    log.error(
      { job: job.kind, jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, error: errorText(error) },
      `job ${job.kind} failed${dead ? ", giving up" : ""}`,
    );
    await db.job.update({
      where: { id: job.id },
      data: dead
        ? { status: "dead", finishedAt: new Date(), lockedUntil: null, lastError: errorText(error) }
        : {
            status: "queued",
            runAt: new Date(Date.now() + retryDelaySeconds(job.attempts) * 1000),
            lockedUntil: null,
            lastError: errorText(error),
          },
    });
    return dead ? "dead" : "retry";
  }
}

/** Runs the jobs that are due now, one after the other; returns how each ended. */
export async function runDueJobs(db: Db, { limit = 10 } = {}) {
  const outcome = { done: 0, retry: 0, dead: 0 };
  for (const job of await claimJobs(db, limit)) outcome[await runOne(db, job)] += 1;
  return outcome;
}

export interface PeriodicJob {
  kind: string;
  intervalSeconds: number;
}

/**
 * Adds this period's run of each periodic job. The key names the period, so however many instances
 * do this, each period's run exists once and so runs once.
 */
export async function schedulePeriodicJobs(db: Db, periodic: PeriodicJob[], now = Date.now()) {
  for (const { kind, intervalSeconds } of periodic) {
    const slot = Math.floor(now / 1000 / intervalSeconds);
    await enqueueJob(db, kind, {}, { uniqueKey: `${kind}:${intervalSeconds}:${slot}`, maxAttempts: 1 });
  }
}

/**
 * The job runner of one instance: every `pollMs` it schedules the periodic jobs and runs the due
 * ones. Returns a function that stops it and waits for the run in progress.
 */
export function startJobRunner(db: Db, { pollMs, periodic }: { pollMs: number; periodic: PeriodicJob[] }) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    try {
      await schedulePeriodicJobs(db, periodic);
      while (!stopped) {
        const outcome = await runDueJobs(db);
        if (outcome.done + outcome.retry + outcome.dead === 0) break;
      }
    } catch (error) {
      log.error({ error: errorText(error) }, "the job runner failed");
    }
  };
  const timer = setInterval(() => {
    if (!running) running = tick().finally(() => (running = null));
  }, pollMs);
  timer.unref();
  running = tick().finally(() => (running = null));
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
