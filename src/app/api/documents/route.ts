import { documentUploadRoute } from "~/server/http/documents";

/** Upload a new document: multipart/form-data with `file` and an optional `name`. */
export const POST = documentUploadRoute("document");
