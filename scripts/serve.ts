/**
 * The HTTP server of the app (started by scripts/start.ts): Next.js behind Node's http server, so
 * that each request carries the real peer address for the login throttle.
 */
import { createServer } from "node:http";
import next from "next";
import { PEER_ADDRESS_HEADER } from "../src/server/auth/request";
import { getDb } from "../src/server/db/client";
import { startBillingJob } from "../src/server/jobs/billing-job";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const app = next({ dev, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown"; // overwrites any client value
  void handle(req, res);
});
server.listen(port, host, () => console.log(`[app] ready on http://localhost:${port}`));
// Grace periods, renewals and lapsed plans move on even when nobody opens a page.
const stopBillingJob = startBillingJob(getDb());

function shutdown() {
  stopBillingJob();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
