import { openApiDocumentRoute } from "~/server/http/openapi";

/** The OpenAPI 3.1 description of the REST API: public, the same for everyone, cacheable for an hour. */
export const GET = openApiDocumentRoute;
