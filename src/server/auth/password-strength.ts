import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { AppError } from "~/server/errors";

// The common-password and name dictionaries ship with the packages: no network needed.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** zxcvbn's 0-4 scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_PASSWORD_SCORE = 3;
export const WEAK_PASSWORD_MESSAGE = "This password is too easy to guess.";

/**
 * Refuses common and guessable passwords (dictionary words, keyboard patterns, dates, the person's own
 * name or email) with the estimator's own advice.
 */
export async function assertStrongPassword(password: string, personal: string[] = []) {
  const words = personal.flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  const result = await zxcvbn.checkAsync(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ");
  throw new AppError("BAD_INPUT", `${WEAK_PASSWORD_MESSAGE} ${advice || "Use a longer phrase of several unrelated words."}`.trim());
}
