import { livenessRoute } from "~/server/http/health";

export const dynamic = "force-dynamic";
export const GET = livenessRoute;
