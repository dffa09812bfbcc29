import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../helpers/admin";
import { createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
let admin: Awaited<ReturnType<typeof createStaff>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createStaff(t.db, "admin");
  // A known history: three areas, two record types, three days.
  const entries = [
    {
      key: "role",
      actorEmail: "ada@example.com",
      action: "staff.role_changed",
      targetType: "user",
      targetId: "user-1",
      before: { role: "user" },
      after: { role: "designer" },
      createdAt: new Date("2026-03-01T09:00:00Z"),
    },
    {
      key: "article",
      actorEmail: "ben@example.com",
      action: "knowledge.article_saved",
      targetType: "article",
      targetId: "article-7",
      before: { title: "Visa" },
      after: { title: "Student visa" },
      createdAt: new Date("2026-03-02T23:59:59Z"),
    },
    {
      key: "suspend",
      actorEmail: "ada@example.com",
      action: "account.suspended",
      targetType: "user",
      targetId: "user-2",
      before: { status: "active" },
      after: { status: "suspended" },
      createdAt: new Date("2026-03-03T00:00:00Z"),
    },
  ];
  for (const { key, ...entry } of entries)
    ids[key] = (await t.db.auditLog.create({ data: { ...entry, actorId: null, ip: "203.0.113.7" } })).id;
});
afterAll(() => t.stop());

const listIds = async (query: Parameters<typeof admin.caller.admin.audit.list>[0]) =>
  (await admin.caller.admin.audit.list(query)).rows.map((row) => row.id);

describe("the audit log", () => {
  it("lists entries newest first, paged", async () => {
    const page = await admin.caller.admin.audit.list({ pageSize: 10 });
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.id)).toEqual([ids.suspend, ids.article, ids.role]);
    expect(page.rows[0]).toMatchObject({
      actorEmail: "ada@example.com",
      action: "account.suspended",
      targetType: "user",
      targetId: "user-2",
      ip: "203.0.113.7",
    });
    expect(await listIds({ sort: "createdAt", dir: "asc", pageSize: 10, page: 1 })).toEqual([ids.role, ids.article, ids.suspend]);
    expect(await listIds({ sort: "actorEmail", dir: "desc" })).toEqual([ids.article, ids.suspend, ids.role]);
  });

  it("searches by actor email, action or record id", async () => {
    expect(await listIds({ q: "BEN@" })).toEqual([ids.article]);
    expect(await listIds({ q: "role_changed" })).toEqual([ids.role]);
    expect(await listIds({ q: "user-2" })).toEqual([ids.suspend]);
    // A record id matches whole, not as a part.
    expect(await listIds({ q: "user-" })).toEqual([]);
  });

  it("filters by area, record type and a period of whole days", async () => {
    expect(await listIds({ area: "staff" })).toEqual([ids.role]);
    expect(await listIds({ area: "account" })).toEqual([ids.suspend]);
    expect(await listIds({ targetType: "user" })).toEqual([ids.suspend, ids.role]);
    expect(await listIds({ from: "2026-03-02", to: "2026-03-02" })).toEqual([ids.article]);
    expect(await listIds({ from: "2026-03-02" })).toEqual([ids.suspend, ids.article]);
    expect(await listIds({ to: "2026-03-01" })).toEqual([ids.role]);
    expect(await listIds({ area: "staff", from: "2026-03-02" })).toEqual([]);
    await expect(admin.caller.admin.audit.list({ from: "2026-03-05", to: "2026-03-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("The period must end on or after its first day"),
    });
    await expect(admin.caller.admin.audit.list({ area: "staff'; drop" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("offers the areas and record types that occur as filter choices", async () => {
    const filters = await admin.caller.admin.audit.filters();
    expect(filters.areas).toEqual(expect.arrayContaining(["account", "knowledge", "staff"]));
    expect(filters.targetTypes).toEqual(expect.arrayContaining(["article", "user"]));
  });

  it("opens one entry with its before and after values", async () => {
    expect(await admin.caller.admin.audit.get({ id: ids.article! })).toMatchObject({
      action: "knowledge.article_saved",
      before: { title: "Visa" },
      after: { title: "Student visa" },
    });
    await expect(admin.caller.admin.audit.get({ id: "no-such-entry" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows a staff action made in /admin, found by its record id", async () => {
    const student = await createUser(t.db);
    await admin.caller.admin.staff.setStatus({ userId: student.claims.id, status: "suspended" });
    const { rows } = await admin.caller.admin.audit.list({ q: student.claims.id });
    expect(rows).toEqual([
      expect.objectContaining({
        action: "account.suspended",
        actorId: admin.claims.id,
        actorEmail: admin.email,
        ip: "203.0.113.9",
      }),
    ]);
  });

  it("can never be changed: the database refuses updates and deletions", async () => {
    await expect(t.db.auditLog.update({ where: { id: ids.role }, data: { actorEmail: "someone-else@example.com" } })).rejects.toThrow(
      /The audit log cannot be changed/,
    );
    await expect(t.db.$executeRaw`UPDATE "AuditLog" SET "after" = '{"role":"admin"}'::jsonb`).rejects.toThrow(
      /The audit log cannot be changed/,
    );
    await expect(t.db.auditLog.delete({ where: { id: ids.role } })).rejects.toThrow(/The audit log cannot be changed/);
    await expect(t.db.auditLog.deleteMany({})).rejects.toThrow(/The audit log cannot be changed/);
    expect(await t.db.auditLog.findUniqueOrThrow({ where: { id: ids.role } })).toMatchObject({
      actorEmail: "ada@example.com",
      after: { role: "designer" },
    });
    expect(await t.db.auditLog.count({ where: { id: { in: Object.values(ids) } } })).toBe(3);
  });
});
