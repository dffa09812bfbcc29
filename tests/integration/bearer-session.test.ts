/** API clients may send the session token as `Authorization: Bearer`: the same token, with the same checks, as the cookie. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as usersMeRoute from "~/app/api/users/me/route";
import { endSession } from "~/server/services/sessions.service";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { createUser, sessionCookie, signInAs } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.stop();
});

const GET_ME = usersMeRoute.GET as RouteHandler;

describe("the session token in an Authorization header", () => {
  it("signs the request in like the cookie, and stops working when the session ends", async () => {
    const user = await createUser(database.db);
    const claims = await signInAs(database.db, user.claims);
    const token = (await sessionCookie(database.db, claims)).split("=")[1]!;
    const me = () => callRoute(GET_ME, "/api/users/me", { headers: { authorization: `Bearer ${token}` } });
    const signedIn = await me();
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ email: user.email });
    expect((await callRoute(GET_ME, "/api/users/me", { headers: { authorization: "Bearer not-a-token" } })).status).toBe(401);
    await endSession(database.db, claims.sessionId!);
    expect((await me()).status).toBe(401);
  });
});
