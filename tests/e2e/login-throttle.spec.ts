import { expect, test } from "@playwright/test";

test("20 wrong passwords on any sign-in path or body type: 429 from the 11th on, and the right password still waits", async ({
  request,
}) => {
  const email = `throttle-${Date.now()}@example.com`;
  const signup = await request.post("/api/auth/signup", {
    data: { firstName: "Tess", lastName: "Throttle", email, password: "the-right-password" },
  });
  expect(signup.status()).toBe(201);

  // next-auth signs in at callback/credentials and at any path below it, from a form or a JSON body.
  const paths = ["/api/auth/callback/credentials", "/api/auth/callback/credentials/anything", "/api/auth/callback/credentials/a/b"];
  async function attempt(i: number, password: string) {
    const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
    const path = paths[i % paths.length]!;
    const fields = { csrfToken, email, password, json: "true" };
    return i % 2 === 0 ? request.post(path, { form: fields }) : request.post(path, { data: fields });
  }

  for (let i = 1; i <= 20; i++) {
    const response = await attempt(i, "a-wrong-password");
    expect(response.status(), `attempt ${i}`).toBe(i <= 10 ? 401 : 429);
  }
  for (let i = 0; i < 2; i++) {
    const right = await attempt(i, "the-right-password");
    expect(right.status()).toBe(429);
    expect(await right.json()).toMatchObject({
      success: false,
      error: "Too many failed login attempts. Please wait 15 minutes and try again.",
    });
    expect(right.headers()["retry-after"]).toBe("900");
  }
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const huge = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password: "x".repeat(70 * 1024) },
  });
  expect(huge.status()).toBe(413);
});

test("a browser that signed in before keeps signing in while a stranger's guesses lock the account; the stranger waits", async ({
  request,
  playwright,
}) => {
  const email = `known-device-${Date.now()}@example.com`;
  const password = "the-owners-password";
  expect((await request.post("/api/auth/signup", { data: { firstName: "Owen", lastName: "Owner", email, password } })).status()).toBe(201);
  async function signIn(client: typeof request, secret: string) {
    const { csrfToken } = await (await client.get("/api/auth/csrf")).json();
    return client.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: secret, json: "true" } });
  }
  // The owner signs in once: the browser becomes a known device of the account.
  expect((await signIn(request, password)).status()).toBe(200);
  const device = (await request.storageState()).cookies.find((cookie) => cookie.name === "swipeabroad.device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (let i = 1; i <= 10; i++) expect((await signIn(stranger, `guess-${i}`)).status(), `guess ${i}`).toBe(401);
  expect((await signIn(stranger, password)).status()).toBe(429);
  await stranger.dispose();

  // The owner's browser is not locked out by the stranger's failures.
  const owner = await signIn(request, password);
  expect(owner.status()).toBe(200);
  expect((await (await request.get("/api/users/me")).json()).user).toMatchObject({ email });
});

test("curl-style API use: login, read and change the profile, and no access without a session", async ({ request, playwright }) => {
  const email = `api-${Date.now()}@example.com`;
  await request.post("/api/auth/signup", {
    data: { firstName: "Api", lastName: "User", email, password: "api-password-1" },
  });
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const login = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password: "api-password-1", json: "true" },
  });
  expect(login.status()).toBe(200);

  const me = await request.get("/api/users/me");
  expect(await me.json()).toMatchObject({ success: true, user: { email, role: "user" } });
  const patch = await request.patch("/api/students/me", { data: { phone: "+49 40 555", country: "Germany" } });
  expect(patch.status()).toBe(200);
  expect((await (await request.get("/api/students/me")).json()).student).toMatchObject({
    phone: "+49 40 555",
    country: "Germany",
  });

  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const denied = await anonymous.get("/api/students/me");
  expect(denied.status()).toBe(401);
  expect(await denied.json()).toEqual({ success: false, error: "You need to be signed in to do this." });
  const malformed = await request.patch("/api/students/me", {
    headers: { "content-type": "application/json" },
    data: Buffer.from('{"phone":'),
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ success: false, error: "Malformed JSON in request body." });
  await anonymous.dispose();
});
