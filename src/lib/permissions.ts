/** Permission keys of the management area (spec section 3). */
export const PERMISSION_KEYS = [
  "customers:view",
  "customers:students",
  "customers:coaches",
  "settings:view",
  "settings:questions",
  "settings:flows",
  "settings:tags",
  "settings:threads",
  "settings:ai_adjustment",
  "analytics",
  "finance:view",
  "finance:payments",
  "support",
  "swipe_ai",
  "designer:flows",
  "designer:templates",
  "designer:analytics",
  "designer:settings",
  "backoffice:clients",
  "backoffice:services",
  "backoffice:analytics",
  "backoffice:settings",
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export const ROLES = ["user", "admin", "designer", "backoffice"] as const;
export type Role = (typeof ROLES)[number];

const withPrefix = (...prefixes: string[]) => PERMISSION_KEYS.filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));

/**
 * Which role holds which permission:
 * - admin: every permission;
 * - designer: designer:* and settings:*;
 * - backoffice: backoffice:*, customers:*, support, finance:view and finance:payments (refunds);
 * - user (an ordinary student account): none.
 */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<PermissionKey>> = {
  admin: new Set(PERMISSION_KEYS),
  designer: new Set(withPrefix("designer:", "settings:")),
  backoffice: new Set([...withPrefix("backoffice:", "customers:", "finance:"), "support"]),
  user: new Set(),
};

export function hasPermission(role: Role, permission: PermissionKey): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Staff are the roles with at least one permission: they may enter the management area. */
export function isStaff(role: Role): boolean {
  return ROLE_PERMISSIONS[role].size > 0;
}
