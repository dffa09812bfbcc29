/**
 * /admin/clients: messages sent through the partner links of /institutes and /business carry their
 * origin, and their senders are listed grouped by email with counts, dates, state and messages.
 */
import { subDays } from "date-fns";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaff } from "../../helpers/admin";
import { callerFor } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { createContactMessage, rejection } from "./fixtures";

let t: TestDatabase;
let backoffice: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  backoffice = await createStaff(t.db, "backoffice");
});
afterAll(() => t?.stop());
beforeEach(async () => {
  await t.db.contactMessage.deleteMany();
});

const partners = () => backoffice.caller.admin.clients;
const form = {
  name: "Dr. Jana Roth",
  email: "Jana.Roth@TU-Example.de",
  subject: "Partnership" as const,
  message: "We would like to offer your tools to our incoming students.",
};

describe("the contact form's origin", () => {
  it("stores where the message came from: institutes, business, or the contact page by default", async () => {
    const anonymous = (ip: string) => callerFor(t.db, null, ip).site.sendContactMessage;
    const fromInstitutes = await anonymous("192.0.2.10")({ ...form, origin: "institutes" });
    const fromBusiness = await anonymous("192.0.2.11")({ ...form, origin: "business" });
    const plain = await anonymous("192.0.2.12")(form);
    const origins = async (id: string) => (await t.db.contactMessage.findUniqueOrThrow({ where: { id } })).origin;
    expect(await origins(fromInstitutes.id)).toBe("institutes");
    expect(await origins(fromBusiness.id)).toBe("business");
    expect(await origins(plain.id)).toBe("contact");
    expect(await rejection(anonymous("192.0.2.13")({ ...form, origin: "elsewhere" as "business" }))).toEqual({
      code: "BAD_REQUEST",
      message: "origin must be contact, institutes or business",
    });
  });
});

describe("the partner list", () => {
  it("groups partner messages by sender: name, origins, count, first and last contact, handled; contact-page messages are not partners", async () => {
    const jana = "jana.roth@tu-example.de";
    const first = await createContactMessage(t.db, {
      email: jana,
      name: "Jana Roth",
      origin: "institutes",
      createdAt: subDays(new Date(), 10),
    });
    const latest = await createContactMessage(t.db, {
      email: jana,
      name: "Dr. Jana Roth",
      origin: "business",
      createdAt: subDays(new Date(), 1),
    });
    await t.db.contactMessage.update({
      where: { id: first.id },
      data: { handledAt: new Date(), handledById: backoffice.claims.id },
    });
    const shop = await createContactMessage(t.db, {
      email: "hello@wg-shop.de",
      name: "WG Shop",
      origin: "business",
      createdAt: subDays(new Date(), 3),
    });
    await createContactMessage(t.db, { email: "student@example.com", origin: "contact" });

    const list = await partners().list({});
    expect(list.total).toBe(2);
    expect(list.rows.map((row) => row.email)).toEqual([jana, "hello@wg-shop.de"]);
    expect(list.rows[0]).toMatchObject({
      name: "Dr. Jana Roth",
      origins: ["business", "institutes"],
      messages: 2,
      unhandled: 1,
      handled: false,
      firstContact: first.createdAt,
      lastContact: latest.createdAt,
    });
    expect(list.rows[0]!.items.map((item) => item.id)).toEqual([latest.id, first.id]);
    expect(list.rows[1]).toMatchObject({
      name: "WG Shop",
      messages: 1,
      handled: false,
      items: [{ id: shop.id, origin: "business" }],
    });

    await t.db.contactMessage.update({ where: { id: latest.id }, data: { handledAt: new Date() } });
    expect((await partners().list({ q: "ROTH" })).rows).toMatchObject([{ email: jana, handled: true }]);
  });

  it("filters by origin, searches name and email (wildcards taken literally), sorts and pages", async () => {
    await createContactMessage(t.db, {
      email: "a@uni-a.de",
      name: "Uni A",
      origin: "institutes",
      createdAt: subDays(new Date(), 5),
    });
    await createContactMessage(t.db, {
      email: "a@uni-a.de",
      name: "Uni A",
      origin: "institutes",
      createdAt: subDays(new Date(), 4),
    });
    await createContactMessage(t.db, {
      email: "b@uni-b.de",
      name: "Uni B",
      origin: "institutes",
      createdAt: subDays(new Date(), 2),
    });
    await createContactMessage(t.db, {
      email: "c@bank.de",
      name: "Bank 100%",
      origin: "business",
      createdAt: subDays(new Date(), 3),
    });

    expect((await partners().list({ origin: "institutes" })).rows.map((row) => row.email)).toEqual(["b@uni-b.de", "a@uni-a.de"]);
    expect((await partners().list({ origin: "business" })).rows.map((row) => row.email)).toEqual(["c@bank.de"]);
    expect((await partners().list({ q: "100%" })).rows.map((row) => row.email)).toEqual(["c@bank.de"]);
    expect((await partners().list({ q: "%" })).rows.map((row) => row.email)).toEqual(["c@bank.de"]);
    expect((await partners().list({ q: "uni_" })).total).toBe(0);
    expect((await partners().list({ sort: "messages", dir: "desc" })).rows[0]).toMatchObject({
      email: "a@uni-a.de",
      messages: 2,
    });
    expect((await partners().list({ sort: "name", dir: "asc" })).rows.map((row) => row.name)).toEqual(["Bank 100%", "Uni A", "Uni B"]);
    expect((await partners().list({ sort: "firstContact", dir: "asc" })).rows[0]!.email).toBe("a@uni-a.de");

    const page2 = await partners().list({ pageSize: 10, page: 2 });
    expect(page2).toMatchObject({ rows: [], total: 3 });
    expect(await rejection(partners().list({ origin: "contact" as "business" }))).toEqual({
      code: "BAD_REQUEST",
      message: "origin must be institutes or business",
    });
  });
});
