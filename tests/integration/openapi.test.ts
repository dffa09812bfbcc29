/**
 * The OpenAPI document at /api/openapi.json: valid OpenAPI 3.1 (checked with the specification's own
 * schema), every $ref resolving, and every literal REST path the app serves described, so that a
 * route added without a description fails here.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET } from "~/app/api/openapi.json/route";
import { openApiDocument } from "~/server/http/openapi";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { restRoutes, servedRoutes } from "../helpers/rest-routes";

/** Served routes that are not REST paths of their own: the tRPC endpoint and next-auth's catch-all (its literal paths are described). */
const NOT_REST = new Set(["GET /api/trpc/[trpc]", "POST /api/trpc/[trpc]", "GET /api/auth/[...nextauth]", "POST /api/auth/[...nextauth]"]);

type Operation = {
  operationId: string;
  summary: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
const document = openApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    path,
    operation,
  })),
);
const described = new Set(operations.map((each) => each.name));

describe("the OpenAPI document", () => {
  it("is served at GET /api/openapi.json: public, JSON, cacheable, with an ETag", async () => {
    const res = await callRoute(GET as RouteHandler, "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(document)));
    const again = await callRoute(GET as RouteHandler, "/api/openapi.json", { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("is valid OpenAPI 3.1, and every $ref resolves", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const pointer = JSON.parse(`{${ref}}`).$ref as string;
      expect(pointer, "a reference within the document").toMatch(/^#\/components\/(schemas|responses)\/\w+$/);
      const [, kind, name] = pointer.split("/").slice(1);
      expect(document.components[kind as "schemas" | "responses"], pointer).toHaveProperty(name!);
    }
  });

  it("describes every REST path the app serves", () => {
    const served = servedRoutes().filter((route) => !NOT_REST.has(route));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !described.has(route))).toEqual([]);
    // And nothing that is not served, but the literal paths next-auth's catch-all answers.
    const extra = [...described].filter((route) => !served.includes(route));
    expect(extra.sort()).toEqual(["GET /api/auth/csrf", "POST /api/auth/callback/credentials"]);
  });

  it("describes every route of the route table, with the status it answers", () => {
    for (const route of restRoutes(() => {
      throw new Error("not called");
    })) {
      expect(described, route.name).toContain(route.name);
    }
  });

  it.each(operations)("$name: summary, security, parameters, request and answers with the error shape", ({ name, path, operation }) => {
    expect(operation.summary.length, name).toBeGreaterThan(5);
    expect(Array.isArray(operation.security), `${name}: security`).toBe(true);
    for (const [, parameter] of path.matchAll(/\{(\w+)\}/g)) {
      expect(operation.parameters?.find((each) => each.in === "path" && each.name === parameter)?.required, `${name}: {${parameter}}`).toBe(
        true,
      );
    }
    const statuses = Object.keys(operation.responses);
    const success = statuses.filter((status) => status.startsWith("2"));
    expect(success, `${name}: one success answer`).toHaveLength(1);
    const errors = statuses.filter((status) => /^[45]/.test(status));
    if (operation.security.length > 0 && !operation.security.some((each) => Object.keys(each as object).length === 0)) {
      expect(errors, `${name}: needs a session or token, so 401`).toContain("401");
    }
    if (operation.requestBody || operation.parameters?.some((each) => each.in !== "header"))
      expect(errors, `${name}: 400`).toContain("400");
    for (const status of errors.filter((each) => operation.responses[each]!.$ref)) {
      expect(operation.responses[status]!.$ref).toBe(`#/components/responses/E${status}`);
    }
  });

  it("describes the inputs from the procedures' schemas and the answers from the response schemas", () => {
    const signup = document.paths["/api/auth/signup"]!.post as Operation;
    const body = signup.requestBody!.content["application/json"]!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(body.properties).sort()).toEqual(["email", "firstName", "lastName", "password", "timeZone"]);
    expect(body.required).toEqual(expect.arrayContaining(["email", "password"]));
    const feedback = document.paths["/api/feedback"]!.post as Operation;
    const feedbackBody = feedback.requestBody!.content["application/json"]!.schema as { properties: Record<string, unknown> };
    expect(feedbackBody.properties, "sessionId comes from the x-session-id header").not.toHaveProperty("sessionId");
    expect(feedback.parameters).toContainEqual(expect.objectContaining({ name: "x-session-id", in: "header" }));
    const cities = document.paths["/api/data/cities"]!.get as Operation;
    expect(cities.parameters).toEqual([expect.objectContaining({ name: "country", in: "query", required: false })]);
    const me = document.paths["/api/users/me"]!.get as Operation;
    expect(me.security).toEqual([{ sessionCookie: [] }, { bearerSession: [] }]);
    expect(JSON.stringify(me.responses["200"])).toContain("#/components/schemas/User");
    expect(document.components.schemas).toHaveProperty("ApiError");
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
  });
});
