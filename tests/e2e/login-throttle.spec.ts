import { expect, test } from "@playwright/test";

test("the 11th failed login for an account within 15 minutes answers 429 with a clear message", async ({ request }) => {
  const email = `throttle-${Date.now()}@example.com`;
  const signup = await request.post("/api/auth/signup", { data: { firstName: "Tess", lastName: "Throttle", email, password: "the-right-password" } });
  expect(signup.status()).toBe(201);

  async function attempt(password: string) {
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    return request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" } });
  }

  for (let i = 1; i <= 10; i++) {
    const response = await attempt("a-wrong-password");
    expect(response.status(), `attempt ${i}`).toBe(401);
  }
  const eleventh = await attempt("the-right-password");
  expect(eleventh.status()).toBe(429);
  expect(await eleventh.json()).toMatchObject({ success: false, error: "Too many failed login attempts. Please wait 15 minutes and try again." });
  expect(eleventh.headers()["retry-after"]).toBe("900");
});

test("curl-style API use: login, read and change the profile, and no access without a session", async ({ request, playwright }) => {
  const email = `api-${Date.now()}@example.com`;
  await request.post("/api/auth/signup", { data: { firstName: "Api", lastName: "User", email, password: "api-password-1" } });
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const login = await request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: "api-password-1", json: "true" } });
  expect(login.status()).toBe(200);

  const me = await request.get("/api/users/me");
  expect(await me.json()).toMatchObject({ success: true, user: { email, role: "user" } });
  const patch = await request.patch("/api/students/me", { data: { phone: "+49 40 555", country: "Germany" } });
  expect(patch.status()).toBe(200);
  expect((await (await request.get("/api/students/me")).json()).student).toMatchObject({ phone: "+49 40 555", country: "Germany" });

  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const denied = await anonymous.get("/api/students/me");
  expect(denied.status()).toBe(401);
  expect(await denied.json()).toEqual({ success: false, error: "You need to be signed in to do this." });
  const malformed = await request.patch("/api/students/me", { headers: { "content-type": "application/json" }, data: Buffer.from('{"phone":') });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ success: false, error: "Malformed JSON in request body." });
  await anonymous.dispose();
});
