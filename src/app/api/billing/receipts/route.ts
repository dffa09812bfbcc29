import { receiptsDownloadRoute } from "~/server/http/receipts";

/** The signed-in user's receipts as one PDF, or `?id=<transaction>` for one. */
export const GET = receiptsDownloadRoute();
