import { metricsRoute } from "~/server/http/metrics";

export const dynamic = "force-dynamic";
export const GET = metricsRoute;
