/**
 * The HTTP server of the app (started by scripts/start.ts): Next.js behind Node's http server, so
 * that each request carries the real peer address for the login throttle, an id that every log line
 * of the request names, and one access line with its route, status and duration. SIGTERM or SIGINT
 * closes it gracefully: no new connections, requests and chat streams finish (up to 10 s), the job
 * runner stops, the database pool closes, exit 0.
 */
import { createServer } from "node:http";
import next from "next";
import nextConfig from "../next.config.js";
import { env } from "../src/env";
import { PEER_ADDRESS_HEADER } from "../src/server/auth/request";
import { startJobs } from "../src/server/background";
import { getDb } from "../src/server/db/client";
import { compressedAnswers } from "../src/server/http/compressed-answers";
import { gracefulClose } from "../src/server/http/graceful-close";
import { observeRequests } from "../src/server/http/observe";
import { precompressedStatic } from "../src/server/http/precompressed-static";
import { UNREADABLE_ADDRESS_MESSAGE, unreadableRequestTarget } from "../src/server/http/readable-address";
import { routeLabellerFor } from "../src/server/http/route-pattern";
import { log } from "../src/server/observability/log";

const SHUTDOWN_TIMEOUT_MS = 10_000;
const dev = process.argv.includes("--dev");
const port = env.PORT;
const host = env.HOST;

const app = next({ dev, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const observe = observeRequests(routeLabellerFor(process.cwd(), { dev }));
// The build's scripts and styles in Brotli where the browser takes it, with the headers next.config.js gives them.
const staticRule = (await nextConfig.headers?.())?.find((rule) => rule.source === "/_next/static/:path*");
const serveCompressed = dev
  ? () => false
  : precompressedStatic(".next/static", Object.fromEntries((staticRule?.headers ?? []).map(({ key, value }) => [key, value])));
const compressOnce = compressedAnswers();
const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown"; // overwrites any client value
  if (closer.closing) res.setHeader("connection", "close");
  observe(req, res, () => {
    // An address no route can read is refused as it arrived, before Next.js re-encodes it.
    if (unreadableRequestTarget(req.url ?? "/")) {
      const api = (req.url ?? "").startsWith("/api/");
      res.writeHead(400, {
        "content-type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
        "x-content-type-options": "nosniff",
        "cache-control": "no-store",
      });
      res.end(api ? JSON.stringify({ success: false, error: UNREADABLE_ADDRESS_MESSAGE }) : UNREADABLE_ADDRESS_MESSAGE);
      return;
    }
    if (serveCompressed(req, res)) return;
    compressOnce(req, res);
    void handle(req, res);
  });
});
const closer = gracefulClose(server);
server.listen(port, host, () => log.info({ port, dev }, `ready on http://localhost:${port}`));
// Mail, billing and clean-up run in every instance; each job is claimed by one of them.
const stopJobs = startJobs(getDb());

async function shutdown(signal: NodeJS.Signals) {
  if (closer.closing) return;
  log.info({ signal }, "shutting down: finishing the requests in flight");
  const drained = await closer.close(SHUTDOWN_TIMEOUT_MS);
  if (drained === "forced") log.warn({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, "requests still open after the shutdown timeout were cut");
  await stopJobs().catch((error: unknown) => log.error({ err: error }, "the job runner did not stop cleanly"));
  await getDb()
    .$disconnect()
    .catch((error: unknown) => log.error({ err: error }, "the database pool did not close cleanly"));
  log.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", (signal) => void shutdown(signal));
process.on("SIGINT", (signal) => void shutdown(signal));
