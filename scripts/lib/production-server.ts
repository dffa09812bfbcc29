/**
 * The production server as the benchmarks and the system tests start it: `scripts/start.ts` (builds
 * only when the sources changed) on its own port, in its own process group so that stopping it stops
 * the server it spawns, with its output kept for a failure report.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface ProductionServer {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the server printed so far. */
  log(): string;
  exited(): boolean;
  /** Stops the whole process group and waits for it to end. */
  stop(): Promise<void>;
}

/** Questions the local model answers from the knowledge base, asked of the chat by the benchmark and the load test. */
export const SAMPLE_CHAT_QUESTIONS = [
  "how much money do i need in the blocked account",
  "do i need health insurance as a student",
  "how many hours can students work",
  "what is the anmeldung and when do i do it",
  "how long does the student visa take",
];

/** Settings that let one address ask as much as a load test does; the limits themselves are tested elsewhere. */
export const RELAXED_ANONYMOUS_LIMITS = {
  ANONYMOUS_SESSION_TOKEN_ALLOWANCE: "100000000",
  ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE: "100000000",
  RATE_LIMIT_ANONYMOUS_CHAT: "100000000/1m",
};

/**
 * Starts `npm start`'s script on `port`: `dataDir` for the embedded database, or `databaseUrl` for
 * PostgreSQL. Hosted model keys are cleared: the chat answers with the local model.
 */
export function startProductionServer(options: {
  port: number;
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): ProductionServer {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      NEXTAUTH_URL: baseUrl,
      DATA_DIR: options.dataDir ?? "",
      DATABASE_URL: options.databaseUrl ?? "",
      OPENAI_API_KEY: "",
      DEEPSEEK_API_KEY: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  let exited = false;
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const ended = new Promise<void>((resolve) =>
    child.on("exit", () => {
      exited = true;
      resolve();
    }),
  );
  return {
    child,
    baseUrl,
    log: () => log,
    exited: () => exited,
    async stop() {
      if (exited || !child.pid) return;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        return;
      }
      const timer = setTimeout(() => !exited && child.pid && process.kill(-child.pid, "SIGKILL"), 15_000);
      await ended;
      clearTimeout(timer);
    },
  };
}

/** Waits until `/api/health/ready` answers 200; a server that exits first, or takes too long, is an error. */
export async function waitUntilReady(server: ProductionServer, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error("the server exited before it was ready");
    const ok = await fetch(`${server.baseUrl}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the server was not ready in time");
}

/** Whether something already answers on the port (then a test would measure the wrong server). */
export async function portInUse(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
}
