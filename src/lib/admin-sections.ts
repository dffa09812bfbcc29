import { hasPermission, PERMISSION_KEYS, type PermissionKey, type Role } from "./permissions";

/**
 * Who may open a part of the management area: the admin role alone, or any one of the listed
 * permission keys. The same rule guards the section's pages, its entry in the side navigation and
 * (through `staffProcedure`) its tRPC procedures.
 */
export type StaffAccess = "admin" | readonly PermissionKey[];

/** Any staff role (one with at least one permission), for procedures whose service decides who may act (e.g. a request's assigned coach). */
export const ANY_STAFF: StaffAccess = PERMISSION_KEYS;

export function canAccess(role: Role, access: StaffAccess): boolean {
  if (access === "admin") return role === "admin";
  return access.some((permission) => hasPermission(role, permission));
}

export interface AdminSection {
  /** The path under /admin. */
  slug: string;
  title: string;
  description: string;
  access: StaffAccess;
}

/** The sections of /admin in navigation order. */
export const ADMIN_SECTIONS = [
  {
    slug: "customers",
    title: "Customers",
    description: "Students: profile, plan, usage, payments and account actions",
    access: ["customers:view", "customers:students"],
  },
  // Every staff account may open it: it says plainly when the account is not a coach.
  {
    slug: "coaching",
    title: "My coaching",
    description: "Your coaching hours, time zone, days off and sessions with students",
    access: PERMISSION_KEYS,
  },
  {
    slug: "coaches",
    title: "Coaches",
    description: "Staff who deliver consultations and document reviews",
    access: ["customers:coaches"],
  },
  {
    slug: "support",
    title: "Support",
    description: "Service requests and contact messages by plan priority",
    access: ["support", "backoffice:services"],
  },
  {
    slug: "community",
    title: "Community moderation",
    description: "Held and flagged posts, warnings and suspensions of members",
    access: ["support"],
  },
  {
    slug: "clients",
    title: "Partners",
    description: "Institutes and businesses that used the partner forms",
    access: ["backoffice:clients"],
  },
  {
    slug: "content",
    title: "Content",
    description: "Topic threads, their questions, chat prompts and tags",
    access: ["settings:view", "settings:threads", "settings:questions", "settings:tags"],
  },
  {
    slug: "forum-categories",
    title: "Forum categories",
    description: "The community's categories: create, rename, order, archive",
    access: ["settings:view", "settings:threads"],
  },
  {
    slug: "knowledge",
    title: "Knowledge base",
    description: "The assistant's articles, their sources, reviews and versions",
    access: ["swipe_ai"],
  },
  {
    slug: "assistant",
    title: "Assistant settings",
    description: "Default model, confidence threshold, anonymous allowances",
    access: ["settings:view", "settings:ai_adjustment"],
  },
  {
    slug: "feedback",
    title: "Feedback",
    description: "Disliked answers by article, and questions the assistant could not answer",
    access: ["swipe_ai", "analytics"],
  },
  {
    slug: "analytics",
    title: "Analytics",
    description: "Sign-ups, activity, chats, plans, conversions and churn",
    access: ["analytics", "designer:analytics", "backoffice:analytics"],
  },
  {
    slug: "finance",
    title: "Finance",
    description: "Transactions, recurring revenue, failed renewals and refunds",
    access: ["finance:view", "finance:payments"],
  },
  {
    slug: "flows",
    title: "Roadmap steps",
    description: "Step templates of the study roadmaps",
    access: ["settings:view", "designer:flows", "settings:flows"],
  },
  {
    slug: "exchange-rates",
    title: "Exchange rates",
    description: "The euro rates the country comparison converts with",
    access: ["settings:view", "designer:settings"],
  },
  {
    slug: "old-figures",
    title: "Old figures",
    description: "Tool figures and guides older than a year, to update",
    access: ["settings:view", "designer:settings"],
  },
  {
    slug: "templates",
    title: "Mail templates",
    description: "Subjects and texts of the mails the product sends",
    access: ["designer:templates"],
  },
  {
    slug: "site-texts",
    title: "Site texts",
    description: "Announcement banner and support hours",
    access: ["designer:settings", "backoffice:settings"],
  },
  {
    slug: "outbox",
    title: "Outbox",
    description: "Every mail sent, and background jobs that failed",
    access: ["support"],
  },
  {
    slug: "staff",
    title: "Staff and roles",
    description: "Invite staff, change roles, suspend accounts",
    access: "admin",
  },
  {
    slug: "audit",
    title: "Audit log",
    description: "Every staff action: who, what, before and after",
    access: "admin",
  },
  { slug: "system", title: "System", description: "Database, jobs, mail and versions", access: "admin" },
] as const satisfies readonly AdminSection[];

export type AdminSectionSlug = (typeof ADMIN_SECTIONS)[number]["slug"];

export function adminSection(slug: AdminSectionSlug): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.slug === slug)!;
}

export function sectionsFor(role: Role): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => canAccess(role, section.access));
}
