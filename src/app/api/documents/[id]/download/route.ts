import { documentDownloadRoute } from "~/server/http/documents";

/** Download a document's newest version, or `?version=N`. */
export const GET = documentDownloadRoute();
