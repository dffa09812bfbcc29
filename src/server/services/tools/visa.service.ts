import type { Prisma } from "~/generated/prisma/client";
import type { VisaCheckInput, VisaSaveInput } from "~/lib/schemas/tools/visa";
import type { Db } from "~/server/db/client";
import type { SessionClaims } from "~/server/services/sessions.service";
import { readFacts } from "./facts.service";
import { storeToolResult } from "./saved-results.service";
import { evaluateVisa, VISA_FACT_SHAPES, type VisaResult, visaResultTitle } from "./visa-rules";

/** The Visa Checker's answer, computed from the seeded, sourced facts. */
export async function checkVisa(db: Db, input: VisaCheckInput): Promise<VisaResult> {
  const facts = await readFacts(db, VISA_FACT_SHAPES);
  return evaluateVisa(facts, input);
}

/** Saves the answer for the signed-in user, computed here again: what is saved is never what a client sent. */
export async function saveVisaCheck(db: Db, actor: SessionClaims, { title, ...input }: VisaSaveInput) {
  const result = await checkVisa(db, input);
  return storeToolResult(db, actor, {
    tool: "visa-checker",
    title: title || visaResultTitle(input),
    input: input as Prisma.InputJsonValue,
    result: result as unknown as Prisma.InputJsonValue,
  });
}
