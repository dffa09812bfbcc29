import { adminSection } from "~/lib/admin-sections";
import type { AdminProcedureCase } from "./types";

const access = adminSection("templates").access;

export const cases: AdminProcedureCase[] = [
  { path: "admin.templates.list", access, input: () => ({ customized: "no" }), badInput: { pageSize: 7 } },
  { path: "admin.templates.get", access, input: () => ({ kind: "verify-email" }), badInput: { kind: "no-such-mail" } },
  {
    path: "admin.templates.preview",
    access,
    input: () => ({ kind: "newsletter-confirm", subject: "Confirm", body: "Please confirm.\n\n{url}" }),
    badInput: { kind: "newsletter-confirm", subject: "", body: "{url}" },
  },
  {
    path: "admin.templates.save",
    access,
    input: () => ({
      kind: "newsletter-confirm",
      subject: "Confirm your subscription",
      body: "Hello,\n\nPlease confirm.\n\n{url}",
    }),
    // The link placeholder is required.
    badInput: { kind: "newsletter-confirm", subject: "Confirm", body: "Please confirm." },
  },
  { path: "admin.templates.reset", access, input: () => ({ kind: "newsletter-confirm" }), badInput: { kind: "" } },
  {
    path: "admin.templates.sendTest",
    access,
    input: () => ({ kind: "newsletter-confirm" }),
    badInput: { kind: "newsletter-confirm", subject: "Only a subject" },
  },
];
