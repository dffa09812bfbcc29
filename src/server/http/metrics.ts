import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "~/env";
import { metrics } from "~/server/observability/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares in constant time: digests have one length whatever the caller sent. */
function tokenMatches(authorization: string | null, token: string): boolean {
  const sent = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  return timingSafeEqual(digest(sent), digest(token));
}

/** GET /api/metrics: Prometheus' text format, for the bearer of METRICS_TOKEN; 404 while none is set. */
export async function metricsRoute(request: Request): Promise<Response> {
  const token = env.METRICS_TOKEN;
  if (!token) return Response.json({ success: false, error: "Not found" }, { status: 404 });
  if (!tokenMatches(request.headers.get("authorization"), token)) {
    return Response.json(
      { success: false, error: "A valid metrics token is required." },
      { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' } },
    );
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
