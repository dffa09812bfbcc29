import { adminSection } from "~/lib/admin-sections";
import type { AdminProcedureCase } from "./types";

const access = adminSection("site-texts").access;

export const cases: AdminProcedureCase[] = [
  { path: "admin.siteTexts.get", access },
  {
    path: "admin.siteTexts.update",
    access,
    input: () => ({
      banner: { enabled: false, text: "", linkUrl: "", linkLabel: "", tone: "info" },
      supportHours: "Monday to Friday, 9:00-17:00 CET",
    }),
    // A banner turned on without text.
    badInput: {
      banner: { enabled: true, text: "", linkUrl: "", linkLabel: "", tone: "info" },
      supportHours: "Weekdays",
    },
  },
];
