import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicError } from "~/server/api/trpc";
import { contentEdited } from "~/server/cache/content-cache";
import { seedTools } from "~/server/content/tools";
import { seedToolFacts } from "~/server/content/tools/facts";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedTools(t.db);
});
afterAll(async () => t?.stop());

const INDIA_MASTER = {
  nationality: "IN",
  purpose: "master",
  holdsGermanTitle: false,
  funding: "blocked-account",
} as const;

/** The error a call fails with: its HTTP status and the message a client receives. */
async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { status: getHTTPStatusCodeFromError(error as TRPCError), message: publicError(error as TRPCError).message };
}

describe("tools.visa.check", () => {
  it("answers without an account from the seeded facts, with sources and dates", async () => {
    const result = await callerFor(t.db, null).tools.visa.check(INDIA_MASTER);
    expect(result.entry.kind).toBe("national-visa");
    expect(result.residence.legalBasis).toMatch(/16b/);
    expect(result.aps.status).toBe("required");
    expect(result.funds.amounts.map((amount) => amount.amountEur)).toEqual([11904, 992]);
    expect(result.funds.amounts[0]!.sources[0]!.url).toMatch(/^https:\/\/www\.auswaertiges-amt\.de/);
    expect(result.shortStay.dataset.licence).toBe("MIT");
  });

  it("reads a staff edit of a fact (the seed does not overwrite it)", async () => {
    await t.db.toolFact.update({
      where: { key: "visa.fee.national-visa" },
      data: { value: { adultEur: 75, minorEur: 37.5, text: "Edited in /admin: 75 €." }, customizedAt: new Date() },
    });
    await seedToolFacts(t.db);
    contentEdited("tools"); // an edit in this process: read at once, not after the next version check
    const result = await callerFor(t.db, null).tools.visa.check(INDIA_MASTER);
    expect(result.fees[0]!.text).toBe("Edited in /admin: 75 €.");
  });

  it.each([
    [{ ...INDIA_MASTER, nationality: undefined }, /nationality/i],
    [{ ...INDIA_MASTER, nationality: "XX" }, /Choose a nationality from the list/],
    [{ ...INDIA_MASTER, nationality: 42 }, /nationality/i],
    [{ ...INDIA_MASTER, purpose: "tourism" }, /Choose the purpose of your stay/],
    [{ ...INDIA_MASTER, holdsGermanTitle: "maybe" }, /German residence title/],
    [{ ...INDIA_MASTER, funding: undefined }, /fund your stay/],
  ])("refuses bad input %# with 400 and a clear message", async (input, message) => {
    const refused = await rejection(callerFor(t.db, null).tools.visa.check(input as never));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(message);
  });
});

describe("tools.visa.save", () => {
  it("refuses a visitor who is not signed in (401)", async () => {
    const refused = await rejection(callerFor(t.db, null).tools.visa.save(INDIA_MASTER));
    expect(refused.status).toBe(401);
  });

  it("refuses bad input (400)", async () => {
    const user = await createUser(t.db);
    const refused = await rejection(callerFor(t.db, user.claims).tools.visa.save({ ...INDIA_MASTER, purpose: "holiday" } as never));
    expect(refused.status).toBe(400);
    const long = await rejection(callerFor(t.db, user.claims).tools.visa.save({ ...INDIA_MASTER, title: "x".repeat(200) }));
    expect(long.message).toMatch(/at most 120/);
  });

  it("saves the answer computed on the server to the profile's saved results", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    const saved = await api.tools.visa.save(INDIA_MASTER);
    const list = await api.tools.saved.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: saved.id,
      tool: "visa-checker",
      title: "Visa check: India, Master's degree",
      input: INDIA_MASTER,
    });
    expect((list[0]!.result as { aps: { status: string } }).aps.status).toBe("required");
    const other = await createUser(t.db);
    expect(await callerFor(t.db, other.claims).tools.saved.list()).toHaveLength(0);
  });
});
