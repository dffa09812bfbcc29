/**
 * The three kinds of question the pricing page's token explainer speaks of. Each answer's question is
 * classified when its tokens are recorded, and the page shows the median tokens of each kind.
 */
export const QUESTION_KINDS = ["simple", "detailed", "planning"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Answers of a kind needed in the last 30 days before their median replaces the figure measured at seed time. */
export const MIN_LIVE_ANSWERS = 20;

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
  /** The median tokens an answer of this kind is charged; null until the product has measured it. */
  tokens: number | null;
  /** "live": the last 30 days' answers; "seed": the product's own answers to a fixed question set. */
  basis: "live" | "seed" | null;
  /** How many answers the median is of. */
  answers: number;
}

/** "typically 240 tokens", or "not measured yet" (no figure is shown that was not measured). */
export function tokenFigureText(figure: TokenFigure): string {
  return figure.tokens === null ? "not measured yet" : `typically ${figure.tokens.toLocaleString("en-US")} tokens`;
}

/** How many answers of each measured kind a monthly allowance buys, at its typical figure. */
export function answersPerMonth(tokensPerMonth: number, figures: TokenFigure[]): { kind: QuestionKind; answers: number }[] {
  return figures.flatMap((figure) =>
    figure.tokens === null ? [] : [{ kind: figure.kind, answers: Math.floor(tokensPerMonth / Math.max(1, figure.tokens)) }],
  );
}
