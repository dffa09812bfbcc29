/**
 * The three kinds of question the pricing page's token explainer speaks of. Each answer's question is
 * classified when its tokens are recorded, and the page shows the median tokens of each kind.
 */
export const QUESTION_KINDS = ["simple", "detailed", "planning"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The spec's estimates of tokens per kind, shown (labelled as estimates) until enough answers are measured. */
export const ESTIMATED_TOKENS: Record<QuestionKind, { low: number; high: number }> = {
  simple: { low: 10, high: 20 },
  detailed: { low: 50, high: 100 },
  planning: { low: 100, high: 200 },
};

/** Answers of a kind needed in the last 30 days before its measured median replaces the estimate. */
export const MIN_MEASURED_ANSWERS = 20;

const PLANNING =
  /\b(?:plan|planning|roadmap|timeline|schedule|step[- ]by[- ]step|steps|checklist|what should i do (?:first|next)|where do i start|from .{3,40} to (?:arrival|enrol\w*|graduation|the visa|my visa|moving))\b/i;
const DETAILED =
  /\b(?:compare|comparison|difference|differences|versus|vs\.?|pros and cons|explain|analy[sz]e|analysis|in detail|detailed|which (?:is|are|one is) better|options|advantages|disadvantages)\b/i;
const LONG_QUESTION_WORDS = 30;

/** Complex planning, a detailed analysis, or a simple question (the default). */
export function classifyQuestion(question: string): QuestionKind {
  if (PLANNING.test(question)) return "planning";
  if (DETAILED.test(question) || question.trim().split(/\s+/).length > LONG_QUESTION_WORDS) return "detailed";
  return "simple";
}

/** A kind's figure as the pricing page gets it (see readTypicalTokens). */
export interface TokenFigure {
  kind: QuestionKind;
  measured: boolean;
  tokens: number;
  estimate: { low: number; high: number };
  answers: number;
}

/** "typically 240 tokens" when measured, "about 10-20 tokens" while it is the spec's estimate. */
export function tokenFigureText(figure: TokenFigure): string {
  return figure.measured
    ? `typically ${figure.tokens.toLocaleString("en-US")} tokens`
    : `about ${figure.estimate.low}-${figure.estimate.high} tokens`;
}

/** How many answers of each kind a monthly allowance buys, at the typical (or estimated upper) figure. */
export function answersPerMonth(tokensPerMonth: number, figures: TokenFigure[]): { kind: QuestionKind; answers: number }[] {
  return figures.map((figure) => ({
    kind: figure.kind,
    answers: Math.floor(tokensPerMonth / Math.max(1, figure.tokens)),
  }));
}
