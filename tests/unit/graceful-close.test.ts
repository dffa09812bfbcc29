import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulClose } from "~/server/http/graceful-close";

/** A server whose /slow answers after `ms`, and whose /stream writes for `ms` before it ends. */
async function startServer(ms: number) {
  const server = createServer((req, res) => {
    if (req.url === "/stream") {
      res.write("first part\n");
      setTimeout(() => res.end("last part\n"), ms);
    } else setTimeout(() => res.end("done"), ms);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent?: import("node:http").Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("graceful close", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server = undefined;
  });

  it("lets requests and streams in flight finish, and refuses new connections meanwhile", async () => {
    const started = await startServer(400);
    server = started.server;
    const inFlight = get(started.port, "/slow");
    const stream = get(started.port, "/stream");
    await new Promise((resolve) => setTimeout(resolve, 100)); // both are being answered now

    const closer = gracefulClose(started.server);
    const closed = closer.close(5000);
    expect(closer.closing).toBe(true);
    await expect(get(started.port, "/slow")).rejects.toMatchObject({ code: "ECONNREFUSED" });

    expect(await inFlight).toEqual({ status: 200, body: "done" });
    expect(await stream).toEqual({ status: 200, body: "first part\nlast part\n" });
    expect(await closed).toBe("drained");
  });

  it("closes idle keep-alive connections at once", async () => {
    const started = await startServer(0);
    server = started.server;
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true });
    expect(await get(started.port, "/slow", agent)).toEqual({ status: 200, body: "done" });
    const begun = Date.now();
    expect(await gracefulClose(started.server).close(5000)).toBe("drained");
    expect(Date.now() - begun).toBeLessThan(1000);
    agent.destroy();
  });

  it("cuts what is still open after the timeout", async () => {
    const started = await startServer(10_000);
    server = started.server;
    const stuck = get(started.port, "/slow").catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await gracefulClose(started.server).close(300)).toBe("forced");
    expect(await stuck).toMatchObject({ code: "ECONNRESET" });
  });
});
