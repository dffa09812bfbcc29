/** What a question asks for, read from its wording, and how texts that answer it look. */

import { countries } from "countries-list";
import answerWords from "~/content/answer-words.json";
import { COUNTRY_ALIASES, GERMAN_COUNTRY_NAMES } from "./entities";
import { escapeRegExp } from "./text";

/** What kind of fact the question asks for. */
export function factsAskedFor(question: string) {
  const q = question.toLowerCase();
  return {
    amount:
      /\bhow much\b|\bcost|kosten\b|\bfees?\b|\bprice|\bamount|\brent\b|\bexpensive|\bcheap|\bbudget|\beur\b|€|\beuros?\b|\bafford|\bwie ?viel\b|\bkoste|\bgeb(?:ü|ue)hr|\bbetrag\b|\bpreis|\b(?:what|which|minimum|min|required|enough) (?:\w+ )?(?:salary|wage)\b|\bsalary (?:threshold|limit|for)\b|gehalt|\bearn\b|\bh(?:oe|ö)he\b|\b\d+(?:[.,]\d+)?\s?k\b/.test(
        q,
      ),
    time: /\bhow long\b|\bwhen\b|\bwann\b|\bwie lange?\b|\bfrist|\bdeadline|\bdate\b|\bdays?\b|\bweeks?\b|\bmonths?\b|\byears?\b|\bduration|\bvalid|\bprocessing time|\bhow fast\b|\bhow soon\b/.test(
      q,
    ),
    count: /\bhow many\b|\bhours?\b|\bnumber of\b|\bminimum\b|\bmaximum\b|\blimit\b|\bscore\b|\bpoints?\b|\blevel\b/.test(q),
    requirement:
      /\b(?:do|does|will) (?:i|we|you|they|he|she) (?:still )?(?:need|have to)\b|\bmust i\b|\bis (?:it|an?|the) \w+ (?:required|mandatory|compulsory|necessary)|\b(?:required|mandatory|compulsory|obligatory)\b/.test(
        q,
      ),
  };
}

/** The figure a question asks for directly: an amount ("how much", "fee") or a duration or date ("how long", "deadline"). */
export function askedFigure(question: string): "amount" | "time" | null {
  if (factsAskedFor(question).amount) return "amount";
  return /\bhow long\b|\bhow soon\b|\bhow early\b|\bdeadlines?\b|\btime limit\b|\bwhen (?:do|does|must|should|can) (?:i|we|you)\b|\buntil when\b|\bby when\b|\bwie lange?\b|\bfrist\b|\b(?:bis )?wann\b/i.test(
    question,
  )
    ? "time"
    : null;
}

export interface ListRequest {
  /** The plural noun asked for ("documents" in "What documents do I need?"), if any. */
  noun?: string;
  /** "How do I ...", "which steps": a procedure, which an ordered list or a "How to" section answers. */
  procedural: boolean;
}

/** Words ending in s that name no list asked for ("what happens"): src/content/answer-words.json. */
const NOT_PLURAL = new Set(answerWords.notPlural);

/** A question of keywords: no question word, verb of asking or question mark ("anmeldung documents"). */
const KEYWORDS_ONLY =
  /^(?!.*\?)(?!\s*(?:what|which|how|when|where|who|why|can|could|do|does|did|is|are|am|should|must|will|would|may|i|my|we)\b)/;
const LIST_NOUN = /\b(documents|requirements|papers|conditions|steps)\b/;

/** Whether a question asks for a list (documents, steps, requirements, what to bring), and of what. */
export function listRequest(question: string): ListRequest | null {
  const q = question.toLowerCase();
  if (/\bhow (?:much|many|long|soon|fast|often|old)\b/.test(q)) return null;
  const procedural =
    /\b(?:what|which) (?:are )?(?:the )?(?:\w+ )?steps\b|\bstep[- ]by[- ]step\b|\bhow (?:do|can|should|would) (?:i|we|you) (?:register|apply|enrol|enroll|open|get|prepare|book|find|extend|change|switch|sign up|set up)\b|\bhow to (?:register|apply|enrol|enroll|open|get|prepare|book|find|extend)\b/.test(
      q,
    ) ||
    // "I just landed, what should I do first?": what to do first after a moment names the steps.
    (/\bwhat (?:should|do|must|shall) (?:i|we) (?:need to |have to )?do\b|\bwhat now\b|\bthings to do\b|\bwhat to do\b|\bwhat comes (?:after|next)\b/.test(
      q,
    ) &&
      /\bfirst\b|\bafter\b|\b(?:landed|landing|arrived|arriving|arrival|moved in)\b/.test(q));
  const noun =
    /^(?:so |and |but )?(?:what|which)\s+(?:[a-z'-]+\s+){0,2}?([a-z]{4,}s)\s+(?:do|does|should|must|can|could|are|will|would|to|i|we)\b/.exec(
      q,
    )?.[1] ??
    /^(?:so |and |but )?(?:what|which) are (?:the |all )?(?:[a-z'-]+\s+)?(documents|requirements|conditions|steps|papers|rules)\b/.exec(
      q,
    )?.[1];
  const need =
    /\bwhat (?:do|does|should|must|will) (?:i|we|you|they) (?:need|bring|prepare|submit|take)\b|\bwhat (?:is|are) (?:needed|required)\b|\bchecklist\b|\bwhat to bring\b/.test(
      q,
    );
  // Keywords only ("girokonto student documents"): a list noun names the list asked for.
  const keywordNoun = KEYWORDS_ONLY.test(q) ? LIST_NOUN.exec(q)?.[1] : undefined;
  const plural = noun && !NOT_PLURAL.has(noun) ? noun : keywordNoun;
  if (!procedural && !plural && !need) return null;
  return { noun: plural, procedural };
}

export const AMOUNT = /(?:€\s?\d|\d[\d.,]*\s?(?:€|EUR\b|euros?\b))/i;
/** A duration or a date: "within 14 days", "two weeks", "for 18 months", "by 15 July" (months capitalised: not "you may"). */
export const DURATION_OR_DATE =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|eighteen|thirty)[\s-](?:calendar |working )?(?:days?|weeks?|months?|years?|semesters?)\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;
/** A Markdown list item: a text that lists documents, steps or requirements. */
export const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/m;
/** A time limit: "within two weeks", "no later than", "deadline". */
export const TIME_LIMIT =
  /\bwithin (?:the first )?(?:\d+|one|two|three|four|five|six|seven|eight|ten|twelve|fourteen|thirty)\s+(?:calendar |working )?(?:days?|weeks?|months?)\b|\bno later than\b|\bat the latest\b|\bdeadline\b|\bbefore (?:your|the) (?:visa|entry visa|permit) (?:expires|runs out)\b/i;
/** A duty and what must be done: "you must register", "have to apply". */
export const DUTY =
  /\b(?:must|have to|has to|needs? to|(?:is|are) required to|(?:is|are) obliged to)\s+(?:(?:also|still|usually|normally|always|first|then|only|immediately|personally)\s+)?([a-z]+)/i;
export const REQUIREMENT =
  /\b(?:need|needs|must|required|requires|mandatory|compulsory|obligatory|have to|has to|do not need|don't need|exempt)\b/i;

/** Coming: moving in, arriving. */
const ARRIVING = /\bmov(?:e|es|ed|ing) in(?:to)?\b|\barriv(?:e|es|ed|ing|al)\b|\b(?:just )?landed\b|\beinzug\b|\beinzieh|\bzugezogen\b/i;
/** Going: moving out, leaving, deregistering. */
const LEAVING =
  /\bmov(?:e|es|ed|ing) (?:in (?:and|or) )?(?:out|away)\b|\bmove-out\b|\bleav(?:e|es|ing)\b|\bdepart|\bderegist|\bde-regist|\babmeld|\bauszug\b|\bauszieh|\bausreise/i;

/**
 * Whether a text is about coming (moving in, arriving) or going (moving out, leaving); null for
 * both or neither. "How soon after moving in must I register?" is not answered by a section on
 * moving out, though the English stop words leave "move" the same in both.
 */
export function movementOf(text: string): "arriving" | "leaving" | null {
  const arriving = ARRIVING.test(text);
  const leaving = LEAVING.test(text);
  return arriving === leaving ? null : arriving ? "arriving" : "leaving";
}

const DESTINATION_COUNTRIES = new Set(["DE", "AT", "CH"]);
const OTHER_COUNTRIES = [
  ...Object.entries(countries)
    .filter(([code]) => !DESTINATION_COUNTRIES.has(code))
    .map(([, country]) => country.name),
  ...[GERMAN_COUNTRY_NAMES, COUNTRY_ALIASES].flatMap((names) =>
    Object.entries(names)
      .filter(([code]) => !DESTINATION_COUNTRIES.has(code))
      .flatMap(([, names]) => names),
  ),
  // Cities students name for studying elsewhere: src/content/answer-words.json.
  ...answerWords.otherStudyCities,
]
  // "US" is also a pronoun ("tell us"): it counts only in capitals (OTHER_PLACE_CASED).
  .filter((name) => name !== "US")
  // The aliases are folded ("u k", "cote d ivoire"): their spaces stand for any punctuation ("U.K.").
  .map((name) => escapeRegExp(name).replace(/ /g, "[\\s.'-]+"))
  .sort((a, b) => b.length - a.length)
  .join("|");
const OTHER_PLACE = new RegExp(`\\b(?:the )?(${OTHER_COUNTRIES})(?![\\w-])`, "gi");
const OTHER_PLACE_CASED = /\b(?:the )?(US|U\.S\.)(?![\w-])/g;
const INTENT = "(?:study|move|work|live|emigrate|immigrate|relocate|settle|apply)";
/**
 * "How do I study in Canada?", "I want to move to the USA": the asker's plan names another country.
 * Being in another country ("I live in India, do I need APS?") is the usual case and does not count.
 */
const OTHER_DESTINATION = new RegExp(
  `\\b(?:(?:how|where|can|could|should) (?:do |can |could |should )?(?:i|we|you) ${INTENT}|(?:want|plan|planning|going|like|wish|hope|hoping|decided) to ${INTENT}|(?:moving|emigrating|relocating) to|study abroad in)\\s+(?:in |to )?(?:the )?(${OTHER_COUNTRIES})\\b`,
  "i",
);
/** Germany, or the neighbours the knowledge base also covers, named: the question is about them. */
const GERMANY_NAMED = /\bgerman|\bdeutsch|\baustria|\b[öo]e?sterreich|\bswitzerland|\bswiss\b|\bschweiz/i;
/**
 * Steps of coming to Germany, or travelling from it: "I live in India, do I need APS?", "visa
 * appointment in Pakistan", "can I travel to France with my residence permit?".
 */
const GERMAN_STEPS =
  /\bsperrkonto|\baps\b|\buni-?assist|\banabin|\btestdaf|\bdsh\b|\bdaad\b|\bstudienkolleg|\bbaf[öo]e?g|\banmeldung|\bausl[äa]e?nderbeh|\bembass|\bconsulate|\bmission\b|\bvfs\b|\bappointment|\bprocessing|\bschengen|\berasmus|\btravel|\bvisit|\btrip\b|\bweekend|\bholiday|\bvacation|\bresidence permit|\bsend (?:me )?money|\btransfer/i;
/** Said just before a country the asker comes from or is in: "from Nigeria", "I live in India", "my degree is from". */
const ORIGIN_BEFORE =
  /(?:\bfrom|\b(?:citizens?|nationals?|passport|passports) (?:of|from)|\b(?:i|we)(?:'m| am| was| have been| are)?\s+(?:(?:currently|still|now|already|just)\s+)?(?:live|living|lived|stay|staying|in|am|was|come|came|studied|studying|graduated|did|completed|finished|working|based|born|grew up|reside|residing)\b[^.?!;]{0,40}?\b(?:in|at))\s+(?:the\s+)?$/i;
/** Said just before a country one plans to go to: "visa for Canada", "study in the UK", "universities in Sweden". */
const DESTINATION_BEFORE =
  /(?:\b(?:for|to|into)|\b(?:stud(?:y|ying|ies)|universit(?:y|ies)|uni|colleges?|live|living|work|working|jobs?|settle|masters?|bachelors?|phd|tuition|fees?|visas?|permits?|pr|immigration|living costs|cost of living|scholarships?|admission|funds|money)\s+in)\s+(?:the\s+)?$/i;
/** Said just after a country one plans to go to: "Canada student visa", "UK post study work visa". */
const DESTINATION_AFTER =
  /^(?:'s)?\s+(?:student|study|studies|post[- ]?study|psw|graduate|work|visa|permit|blocked|universit|college|tuition|scholarship|pr\b|permanent|immigration|admission|masters?|bachelors?|requirements?|ielts|toefl)/i;

const STUDY_WORDS = /\b(?:visa|stud(?:y|ying|ies|ent)|universit|tuition|college|admission|masters?|bachelors?|phd)/i;

/**
 * The other country (or city) a question is about when the asker plans to study, work or live
 * there rather than in Germany: "how do I get a student visa for Canada", "netherlands blocked
 * account", "study in uk requirements". Not where the asker comes from or lives ("I am from
 * Pakistan", "I live in India, do I need APS?"), and not questions naming Germany, Austria or
 * Switzerland, which the knowledge base covers.
 */
export function otherDestination(question: string): string | null {
  if (GERMANY_NAMED.test(question) || GERMAN_STEPS.test(question)) return null;
  const planned = OTHER_DESTINATION.exec(question)?.[1];
  if (planned) return placeName(planned);
  const places = [...question.matchAll(OTHER_PLACE), ...question.matchAll(OTHER_PLACE_CASED)].sort((a, b) => a.index - b.index);
  for (const place of places) {
    const before = question.slice(0, place.index);
    const after = question.slice(place.index + place[0].length);
    if (ORIGIN_BEFORE.test(before)) continue;
    const aboutStudying = STUDY_WORDS.test(question);
    if (
      DESTINATION_BEFORE.test(before) ||
      DESTINATION_AFTER.test(after) ||
      (aboutStudying && (!before.trim() || /\bin\s+(?:the\s+)?$/i.test(before)))
    )
      return placeName(place[1]!);
  }
  return null;
}

/** What one looks up about a country itself, not about moving there: "the capital of Australia", "Canada's population". */
const COUNTRY_FACT =
  /\b(?:capital|population|president|prime minister|chancellor|king|queen|currency|anthem|flag|weather|climate|time zone|history|geography|largest city|biggest city|official languages?|national (?:dish|sport|animal|language))\b/i;

/**
 * The other country (or city) a general-knowledge question is about: "what is the capital of
 * Australia", "population of Canada", "weather in Paris". Questions that name Germany or a step of
 * coming to Germany are not, and neither is where the asker comes from.
 */
export function factAboutAnotherPlace(question: string): string | null {
  if (GERMANY_NAMED.test(question) || GERMAN_STEPS.test(question) || !COUNTRY_FACT.test(question)) return null;
  const places = [...question.matchAll(OTHER_PLACE), ...question.matchAll(OTHER_PLACE_CASED)].sort((a, b) => a.index - b.index);
  for (const place of places) {
    const before = question.slice(0, place.index);
    const after = question.slice(place.index + place[0].length);
    if (ORIGIN_BEFORE.test(before)) continue;
    if (/\b(?:of|in)\s+(?:the\s+)?$/i.test(before) || /^['’]s\b/.test(after)) return placeName(place[1]!);
  }
  return null;
}

/** Whether a question names Germany (or a neighbour the knowledge base covers) or a step of coming to or travelling from it. */
export function namesGermanyOrItsSteps(question: string): boolean {
  return GERMANY_NAMED.test(question) || GERMAN_STEPS.test(question);
}

/** The other countries and cities abroad a question names, lower case: "can I go to Paris?" gives "paris". */
export function placesAbroadNamed(question: string): string[] {
  return [...question.matchAll(OTHER_PLACE), ...question.matchAll(OTHER_PLACE_CASED)].map((m) => m[1]!.toLowerCase());
}

/** A place as written in an answer: "UK", "Canada", "New Zealand", however it was typed. */
function placeName(typed: string): string {
  if (typed.replace(/\./g, "").length <= 3) return typed.toUpperCase();
  return typed
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
    .replace(/\b(And|Of|The)\b/g, (w) => w.toLowerCase());
}
