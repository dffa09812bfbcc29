import { getDb } from "~/server/db/client";
import { readiness } from "~/server/services/health.service";

const NO_STORE = { "cache-control": "no-store" };

/** GET /api/health: the process is up and serving requests. */
export function livenessRoute() {
  return Response.json({ status: "ok" }, { headers: NO_STORE });
}

/** GET /api/health/ready: 200 when the database answers and is migrated, otherwise 503 with the reason. */
export async function readinessRoute() {
  const result = await readiness(getDb());
  if (result.ready) return Response.json({ status: "ready", migrations: result.migrations }, { headers: NO_STORE });
  return Response.json(
    { status: "unavailable", error: result.message, ...(result.pending ? { pending: result.pending } : {}) },
    { status: 503, headers: { ...NO_STORE, "retry-after": "5" } },
  );
}
