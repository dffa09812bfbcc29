import { adminSection } from "~/lib/admin-sections";
import { readAssistantSettings } from "~/server/services/assistant-settings";
import type { AdminProcedureCase } from "./types";

export const cases: AdminProcedureCase[] = [
  { path: "admin.assistant.get", access: adminSection("assistant").access },
  {
    path: "admin.assistant.update",
    access: ["settings:ai_adjustment"],
    input: async ({ db }) => ({ ...(await readAssistantSettings(db)), sureConfidence: 0.5 }),
    badInput: {
      defaultChatModel: "local",
      sureConfidence: 1.5,
      anonymousSessionTokens: 100,
      anonymousAddressTokens: 100,
      unknownText: "I don't know.",
      otherCountryText: "I don't know {country}.",
    },
  },
];
