import type { AdminProcedureCase } from "./types";

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.clients.list",
    access: ["backoffice:clients"],
    input: () => ({ origin: "institutes", q: "uni", sort: "messages" }),
    badInput: { origin: "contact" },
  },
];
