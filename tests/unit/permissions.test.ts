import { describe, expect, it } from "vitest";
import { hasPermission, isStaff, PERMISSION_KEYS, ROLE_PERMISSIONS } from "~/lib/permissions";

describe("role permissions", () => {
  it("gives admins every permission and ordinary users none", () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(ROLE_PERMISSIONS.user.size).toBe(0);
  });

  it("gives designers designer:* and settings:* only", () => {
    expect([...ROLE_PERMISSIONS.designer].sort()).toEqual([
      "designer:analytics",
      "designer:flows",
      "designer:settings",
      "designer:templates",
      "settings:ai_adjustment",
      "settings:flows",
      "settings:questions",
      "settings:tags",
      "settings:threads",
      "settings:view",
    ]);
    expect(hasPermission("designer", "finance:view")).toBe(false);
  });

  it("gives backoffice backoffice:*, customers:*, finance:* and support", () => {
    expect([...ROLE_PERMISSIONS.backoffice].sort()).toEqual([
      "backoffice:analytics",
      "backoffice:clients",
      "backoffice:services",
      "backoffice:settings",
      "customers:coaches",
      "customers:students",
      "customers:view",
      "finance:payments",
      "finance:view",
      "support",
    ]);
    expect(hasPermission("backoffice", "swipe_ai")).toBe(false);
    expect(hasPermission("backoffice", "settings:view")).toBe(false);
  });

  it("lets staff into the management area, not ordinary users", () => {
    expect(isStaff("admin")).toBe(true);
    expect(isStaff("designer")).toBe(true);
    expect(isStaff("backoffice")).toBe(true);
    expect(isStaff("user")).toBe(false);
  });
});
