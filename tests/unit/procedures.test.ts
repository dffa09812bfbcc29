import { afterEach, describe, expect, it } from "vitest";
import type { Role } from "~/lib/permissions";
import {
  createCallerFactory,
  createTRPCRouter,
  permissionProcedure,
  protectedProcedure,
  publicProcedure,
  verifiedProcedure,
} from "~/server/api/trpc";
import { configuredProviders } from "~/server/auth/providers";
import { AppError } from "~/server/errors";

const router = createTRPCRouter({
  open: publicProcedure.query(() => "open"),
  mine: protectedProcedure.query(({ ctx }) => ctx.session.id),
  finance: permissionProcedure("finance:view").query(() => "figures"),
  designer: permissionProcedure("designer:flows").query(() => "flows"),
  verifiedOnly: verifiedProcedure.mutation(() => "posted"),
  failsKnown: publicProcedure.query(() => {
    throw new AppError("CONFLICT", "Already there.");
  }),
});
const createCaller = createCallerFactory(router);
const callerAs = (role: Role | null, { twoFactorEnabled = true, emailVerified = true } = {}) =>
  createCaller({
    db: {} as never,
    ip: "127.0.0.1",
    requestId: "t",
    session: role ? { id: `u-${role}`, email: "x@example.com", name: "X", role, sessionId: "s-1", emailVerified, twoFactorEnabled } : null,
  });

describe("procedures", () => {
  it("lets anyone call public procedures and only signed-in users call protected ones", async () => {
    expect(await callerAs(null).open()).toBe("open");
    await expect(callerAs(null).mine()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "You need to be signed in to do this.",
    });
    expect(await callerAs("user").mine()).toBe("u-user");
  });

  it("checks permission keys by role", async () => {
    await expect(callerAs("user").finance()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerAs("designer").finance()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await callerAs("backoffice").finance()).toBe("figures");
    expect(await callerAs("admin").finance()).toBe("figures");
    expect(await callerAs("designer").designer()).toBe("flows");
    await expect(callerAs("backoffice").designer()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerAs(null).finance()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("refuses staff permissions until the staff member has two-factor sign-in", async () => {
    await expect(callerAs("admin", { twoFactorEnabled: false }).finance()).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Set up two-factor sign-in in your profile's Security tab to use the management area.",
    });
    await expect(callerAs("designer", { twoFactorEnabled: false }).designer()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("keeps what needs a verified email from unverified accounts", async () => {
    await expect(callerAs("user", { emailVerified: false }).verifiedOnly()).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/verify your email/),
    });
    expect(await callerAs("user").verifiedOnly()).toBe("posted");
  });

  it("maps a service's AppError to its status with its message", async () => {
    await expect(callerAs(null).failsKnown()).rejects.toMatchObject({ code: "CONFLICT", message: "Already there." });
  });
});

describe("social sign-in providers", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("are offered only when both of their settings exist", () => {
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CLIENT_SECRET;
    delete process.env.LINKEDIN_CLIENT_ID;
    delete process.env.LINKEDIN_CLIENT_SECRET;
    expect(configuredProviders()).toEqual({ google: false, linkedin: false });
    process.env.GOOGLE_CLIENT_ID = "id";
    expect(configuredProviders()).toEqual({ google: false, linkedin: false });
    process.env.GOOGLE_CLIENT_SECRET = "secret";
    process.env.LINKEDIN_CLIENT_ID = "id";
    process.env.LINKEDIN_CLIENT_SECRET = "secret";
    expect(configuredProviders()).toEqual({ google: true, linkedin: true });
  });
});
