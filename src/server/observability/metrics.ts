import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** What an HTTP request's labels say: its route pattern (ids as `:name`), and whether it is a page, an API route or a file. */
export type RouteKind = "page" | "api" | "static" | "unmatched";

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "kind" | "status">;
  httpDuration: Histogram<"method" | "route" | "kind" | "status">;
  chatTokens: Counter<"route" | "model">;
  jobRuns: Counter<"job" | "outcome">;
  mailDeliveries: Counter<"transport" | "outcome">;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "kind", "status"] as const;
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route pattern and status",
      labelNames,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its response (a chat stream's whole length)",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    chatTokens: new Counter({
      name: "chat_tokens_charged_total",
      help: "Tokens charged to allowances for chat answers",
      labelNames: ["route", "model"],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: "jobs_runs_total",
      help: "Background job runs by job and outcome (done, retry, dead)",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
    mailDeliveries: new Counter({
      name: "mail_deliveries_total",
      help: "Mail delivery attempts by transport and outcome (sent, failed)",
      labelNames: ["transport", "outcome"],
      registers: [registry],
    }),
  };
}

// One registry for the process: scripts/serve.ts counts requests, the route handlers Next bundles
// apart count tokens and serve /api/metrics; both reach it on globalThis.
const METRICS_KEY = Symbol.for("swipeabroad.metrics");
const globalMetrics = globalThis as { [METRICS_KEY]?: Metrics };

export function metrics(): Metrics {
  return (globalMetrics[METRICS_KEY] ??= createMetrics());
}
