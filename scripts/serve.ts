/**
 * The HTTP server of the app (started by scripts/start.ts): Next.js behind Node's http server, so
 * that each request carries the real peer address for the login throttle.
 */
import { createServer } from "node:http";
import next from "next";
import { PEER_ADDRESS_HEADER } from "../src/server/auth/request";
import { getDb } from "../src/server/db/client";
import { env } from "../src/env";
import { startJobs } from "../src/server/background";

const dev = process.argv.includes("--dev");
const port = env.PORT;
const host = env.HOST;

const app = next({ dev, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown"; // overwrites any client value
  void handle(req, res);
});
server.listen(port, host, () => console.log(`[app] ready on http://localhost:${port}`));
// Mail, billing and clean-up run in every instance; each job is claimed by one of them.
const stopJobs = startJobs(getDb());

function shutdown() {
  void stopJobs();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
