/**
 * The OpenAPI 3.1 document of the REST API, generated from the table of src/server/http/rest-api.ts:
 * the request schemas are the procedures' zod inputs, the answers the zod schemas of
 * src/lib/schemas/rest-responses.ts, both turned into JSON Schema by zod itself. Built once per process.
 */
import { z } from "zod";
import { apiErrorSchema } from "~/lib/schemas/rest-responses";
import { appRouter } from "~/server/api/root";
import { conditionalJson, encodedJson } from "./encoded-json";
import { type Access, REST_OPERATIONS, type RestOperation } from "./rest-api";

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The input was refused: the message names the field (and `issues` lists each problem)",
  401: "Not signed in, or the session has ended",
  402: "The card was declined or the payment failed",
  403: "Not allowed for this account",
  404: "Not found, or not the caller's",
  409: "In conflict with what exists",
  413: "The body is too large",
  415: "The body's type is not accepted",
  429: "Too many requests: try again after Retry-After seconds",
  500: "An unexpected error (logged with the request id)",
  503: "The database is unavailable for a moment: try again after Retry-After seconds",
};

/** Who may call: a session (cookie or Bearer header), maybe; the metrics token; or anyone. */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  "optional-session": [{}, { sessionCookie: [] }, { bearerSession: [] }],
  session: [{ sessionCookie: [] }, { bearerSession: [] }],
  "metrics-token": [{ metricsToken: [] }],
  "stripe-signature": [],
};

interface ProcedureDef {
  _def: { inputs: unknown[] };
}

/** The zod input schema of a tRPC procedure, as the router checks it. */
function procedureInput(path: string): z.ZodType | undefined {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  const procedure = procedures[path];
  if (!procedure) throw new Error(`The REST table names an unknown procedure: ${path}`);
  return procedure._def.inputs.at(-1) as z.ZodType | undefined;
}

/** Shared schemas (those with a `meta({ id })`), moved to components/schemas. */
const components: Record<string, JsonSchema> = {};

/** A zod schema as JSON Schema 2020-12, its named parts referenced from components/schemas. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    components[id] = pointToComponents(definition);
  return pointToComponents(rest);
}

function pointToComponents<T>(value: T): T {
  if (Array.isArray(value)) return value.map(pointToComponents) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", "#/components/schemas/") : pointToComponents(inner),
    ]),
  ) as T;
}

function withoutFields(schema: JsonSchema, fields: string[] = []): JsonSchema {
  if (!fields.length || typeof schema.properties !== "object") return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties as JsonSchema).filter(([key]) => !fields.includes(key)));
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !fields.includes(key));
  return { ...schema, properties, ...(required.length ? { required } : { required: undefined }) };
}

/** An object schema's fields as parameters of the query string or the path. */
function parameters(schema: JsonSchema, where: "query" | "path") {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function requestOf(operation: RestOperation) {
  const input = operation.procedure ? procedureInput(operation.procedure) : undefined;
  const inputSchema = input && operation.input ? withoutFields(jsonSchema(input, "input"), operation.filled) : undefined;
  const params: unknown[] = [];
  for (const name of operation.path.matchAll(/\{(\w+)\}/g)) {
    if (operation.input !== "path") params.push({ name: name[1], in: "path", required: true, schema: { type: "string" } });
  }
  if (inputSchema && operation.input === "path") params.push(...parameters(inputSchema, "path"));
  if (inputSchema && operation.input === "query") params.push(...parameters(inputSchema, "query"));
  if (operation.query) params.push(...parameters(jsonSchema(operation.query, "input"), "query"));
  for (const header of operation.headers ?? []) {
    params.push({
      name: header.name,
      in: "header",
      required: header.required,
      description: header.description,
      schema: { type: "string" },
    });
  }
  const body =
    inputSchema && operation.input === "body"
      ? { contentType: "application/json", schema: inputSchema }
      : operation.body
        ? { contentType: operation.body.contentType, schema: jsonSchema(operation.body.schema, "input") }
        : undefined;
  return {
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true, content: { [body.contentType]: { schema: body.schema } } } } : {}),
  };
}

const isText = (contentType: string) => contentType.startsWith("text/") || contentType === "application/json";

function responsesOf(operation: RestOperation) {
  const success = operation.output
    ? { content: { "application/json": { schema: jsonSchema(operation.output, "output") } } }
    : operation.file
      ? { content: { [operation.file.contentType]: isText(operation.file.contentType) ? { schema: { type: "string" } } : {} } }
      : {};
  const errors = new Set(operation.errors ?? []);
  if (operation.access === "session" || operation.access === "metrics-token") errors.add(401);
  if (operation.input || operation.body || operation.query || operation.access === "stripe-signature") errors.add(400);
  if (operation.input === "body") {
    errors.add(413);
    errors.add(415);
  }
  if (operation.procedure) {
    errors.add(500);
    errors.add(503);
  }
  const responses: Record<string, unknown> = {
    [String(operation.status)]: { description: operation.file?.description ?? operation.summary, ...success },
  };
  for (const status of [...errors].sort()) responses[String(status)] = { $ref: `#/components/responses/E${status}` };
  for (const other of operation.otherAnswers ?? []) {
    responses[String(other.status)] = {
      description: other.description,
      content: { "application/json": { schema: jsonSchema(other.schema, "output") } },
    };
  }
  return responses;
}

function buildDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of REST_OPERATIONS) {
    const method = operation.method.toLowerCase();
    paths[operation.path] ??= {};
    paths[operation.path]![method] = {
      operationId: `${method}${operation.path
        .replace(/^\/api/, "")
        .replace(/[^A-Za-z0-9]+(\w)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      security: SECURITY[operation.access],
      ...requestOf(operation),
      responses: responsesOf(operation),
    };
  }
  jsonSchema(apiErrorSchema, "output"); // registers ApiError in components/schemas
  return {
    openapi: "3.1.0",
    info: {
      title: "SwipeAbroad REST API",
      version: "1",
      description:
        "The REST paths of SwipeAbroad. Errors answer `{ success: false, error, issues? }` with the status listed. " +
        "A session is the next-auth session cookie of a sign-in (POST /api/auth/callback/credentials), or the same token " +
        "sent as `Authorization: Bearer <token>`. The web app itself uses tRPC at /api/trpc, which is not described here.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(REST_OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      responses: Object.fromEntries(
        Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
          `E${status}`,
          {
            description,
            ...(status === "429" || status === "503"
              ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } }
              : {}),
            content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
          },
        ]),
      ),
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The session cookie a sign-in sets (`__Secure-next-auth.session-token` when served over HTTPS)",
        },
        bearerSession: { type: "http", scheme: "bearer", description: "The same session token, for API clients" },
        metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN of the server's settings" },
      },
    },
  };
}

let document: ReturnType<typeof buildDocument> | undefined;

/** The OpenAPI document, built on first use. */
export function openApiDocument() {
  document ??= buildDocument();
  return document;
}

/** GET /api/openapi.json: public and cacheable (the document changes only with a release), with an ETag. */
export async function openApiDocumentRoute(request: Request): Promise<Response> {
  return conditionalJson(request, encodedJson(openApiDocument()), { "cache-control": "public, max-age=3600" }, 200);
}
