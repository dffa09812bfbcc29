import { documentUploadRoute } from "~/server/http/documents";

/** Upload the next version of a document: multipart/form-data with `file`. */
export const POST = documentUploadRoute("version");
