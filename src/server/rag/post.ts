/**
 * The question stage: a post as people write it (a greeting, their story, two or three questions, thanks)
 * read as the questions it asks. Greetings and sign-offs are dropped; the story stays out of retrieval; a
 * sentence that asks for two facts ("how much ... and how long ...") becomes one question per fact; a
 * question that points back ("how long does it take to open one?") is read with the question before it.
 */
import { eng as englishStopwords, deu as germanStopwords } from "stopword";
import postWords from "~/content/post-words.json";
import { factsAskedFor } from "./question";
import { escapeRegExp, foldGerman, splitSentences } from "./text";

/** Questions answered separately at most; a post asking more gets the first ones. */
const MAX_QUESTIONS = 3;
/** A post this short is one question, however it is punctuated. */
const SHORT_POST_WORDS = 25;

const startsWithAny = (phrases: string[]) =>
  new RegExp(
    `^(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|")})(?![\\p{L}\\d])`,
    "iu",
  );

const GREETING = startsWithAny(postWords.greetings);
const SIGN_OFF = startsWithAny(postWords.signOffs);
const QUESTION_STARTS = [...postWords.questionWords, ...postWords.questionVerbs];
const QUESTION_START = startsWithAny(QUESTION_STARTS);
/** A question without its question mark: a question word, or a verb before its subject ("can I", not "was thinking"). */
const UNMARKED_QUESTION = new RegExp(
  `${startsWithAny(postWords.questionWords).source}|^(?:${postWords.questionVerbs.map(escapeRegExp).join("|")})\\s+(?:${postWords.questionSubjects.map(escapeRegExp).join("|")})(?![\\p{L}\\d])`,
  "iu",
);
const ASKING = startsWithAny(postWords.askingPhrases);
/** Common German words that are no English word ("die" and "was" are both): what marks a post as German. */
const GERMAN_WORDS = new Set(
  [...postWords.germanWords, ...germanStopwords].filter((word) => word.length > 1 && !englishStopwords.includes(word)),
);
const POINTING_WORDS = new Set(postWords.pointingWords);
/** A question of this many words or fewer is read with the sentence before it. */
const DEPENDENT_WORDS = 5;
const LOWER_CASE_QUESTION = new RegExp(`(?<=[\\p{Ll}\\d)][.!?])\\s+(?=(?:${QUESTION_STARTS.map(escapeRegExp).join("|")})\\s)`, "u");
/** "... and how long does it take?": a second question joined to the first by "and" (or "und"). */
const JOINED_QUESTION = new RegExp(`,?\\s+(?:and|und)\\s+(?=(?:${QUESTION_STARTS.map(escapeRegExp).join("|")})(?![\\p{L}\\d]))`, "giu");

const words = (text: string) => text.match(/[\p{L}\d'’-]+/gu) ?? [];

/** A greeting or sign-off with nothing else in it ("Hi all,", "Thanks in advance!", "LG Anna"). */
function isCourtesy(sentence: string): boolean {
  const rest = sentence.replace(GREETING, "").replace(SIGN_OFF, "");
  return rest !== sentence && words(rest).length <= 3 && !rest.includes("?");
}

function withoutGreeting(sentence: string): string {
  const match = GREETING.exec(sentence);
  return match ? sentence.slice(match[0].length).replace(/^[\s,!.:;-]+/, "") : sentence;
}

function isQuestion(sentence: string): boolean {
  return sentence.endsWith("?") || UNMARKED_QUESTION.test(sentence) || ASKING.test(sentence);
}

const kindsAsked = (text: string) =>
  Object.entries(factsAskedFor(text))
    .filter(([, asked]) => asked)
    .map(([kind]) => kind);

/**
 * "How much money exactly and how long does it take to open one?": one question per fact asked, when
 * each joined question asks for a kind of fact (an amount, a time, a count, a requirement) that the
 * first does not. "What is the fee and do students have to pay it?" stays one question.
 */
function factsOf(sentence: string): string[] {
  if (!QUESTION_START.test(sentence) && !ASKING.test(sentence)) return [sentence];
  const parts = sentence.split(JOINED_QUESTION).map((part) => part.trim().replace(/[?.!]*$/, "?"));
  if (parts.length < 2 || parts.some((part) => words(part).length < 2)) return [sentence];
  const first = kindsAsked(parts[0]!);
  const distinct = parts.slice(1).every((part) => {
    const kinds = kindsAsked(part);
    return kinds.length > 0 && kinds.some((kind) => !first.includes(kind));
  });
  return distinct ? parts : [sentence];
}

/** A question too short, or too vague, to be understood without what was said just before it. */
function dependsOnContext(question: string): boolean {
  const own = words(question.toLowerCase());
  return own.length <= DEPENDENT_WORDS || own.some((w) => POINTING_WORDS.has(w));
}

/** What a fact asks about, without the words that ask: the context of the next fact of its sentence. */
const subjectOf = (fact: string) =>
  fact
    .replace(QUESTION_START, "")
    .replace(/[?.!]+$/, "")
    .trim();

/**
 * The sentences of a post, line by line (a line break ends a sentence even without a full stop), and a
 * question that follows a full stop in lower case ("... a stipend. which insurance should i take?").
 */
function sentencesOf(post: string): string[] {
  return (
    post
      .split(/\n+/)
      .flatMap((line) => splitSentences(line.trim()))
      .flatMap((sentence) => sentence.split(LOWER_CASE_QUESTION))
      .map((s) => withoutGreeting(s.trim()))
      // "[...]", "...": a sentence of no words says nothing.
      .filter((s) => words(s).length > 0 && !isCourtesy(s))
  );
}

/** One question of a post: as the person asked it, and as it is searched (with the context it needs). */
export interface PostQuestion {
  asked: string;
  question: string;
  /** The post's title, which names what every question of the post is about. */
  title?: string;
}

/**
 * The questions a post asks, each readable on its own (at most MAX_QUESTIONS). A short post is read
 * whole unless one sentence asks for two facts; a long post without a question is one question.
 */
export function questionsOfPost(post: string): PostQuestion[] {
  const title = titleOf(post);
  const questions = questionsOfBody(title ? post.slice(post.indexOf("\n") + 1) : post);
  if (!title) return questions;
  // A title names what the whole post is about: every question is searched with it.
  return questions.map((q) => ({ asked: q.asked, question: `${title}: ${q.question}`, title }));
}

/** Words a post's first line has at most to be its title ("Minijob und Werkstudent"). */
const TITLE_WORDS = 10;

/**
 * A post's title: a short first line, not a greeting or a sentence of its own (it has no full stop and
 * asks nothing), above the body. A line that asks ("Blocked account for 18 months?") is a question of the post.
 */
function titleOf(post: string): string | null {
  const lines = post.trim().split(/\n+/);
  const first = lines[0]!.trim();
  if (lines.length < 2 || !first || /[.!?:;,]$/.test(first) || words(first).length > TITLE_WORDS) return null;
  if (GREETING.test(first) || SIGN_OFF.test(first) || isQuestion(first)) return null;
  return first;
}

function questionsOfBody(post: string): PostQuestion[] {
  const sentences = sentencesOf(post);
  if (!sentences.length) return [{ asked: post.trim(), question: post.trim() }];
  const short = words(post).length <= SHORT_POST_WORDS;
  const questions: PostQuestion[] = [];
  sentences.forEach((sentence, index) => {
    if (!short && !isQuestion(sentence)) return;
    const facts = factsOf(sentence);
    if (short && facts.length === 1) return;
    const before = sentences[index - 1] ?? "";
    // The first fact may need the sentence before; the next facts need what the first one asks about.
    const leading = before && dependsOnContext(facts[0]!) ? `${before} ` : "";
    facts.forEach((fact, position) => {
      const context = position ? `${leading}${subjectOf(facts[0]!)}` : before;
      const question = context && dependsOnContext(fact) ? `${context} ${fact}` : fact;
      if (!questions.some((q) => q.question === question)) questions.push({ asked: fact, question });
    });
  });
  if (questions.length) return withoutRepeats(questions).slice(0, MAX_QUESTIONS);
  const whole = sentences.join(" ");
  return [{ asked: whole, question: whole }];
}

/** The words of a question that say what it is about: not its stop words or question words. */
const subjectWords = (text: string) =>
  new Set(
    words(text.toLowerCase()).filter(
      (word) => word.length > 2 && !englishStopwords.includes(word) && !germanStopwords.includes(word) && !QUESTION_START.test(word),
    ),
  );

/**
 * A question asked again in the same words ("... and is it a common practice?" in a post's title, "Is
 * this a common practice?" in its body) is answered once, where it was asked first.
 */
function withoutRepeats(questions: PostQuestion[]): PostQuestion[] {
  const seen: Set<string>[] = [];
  return questions.filter((question) => {
    const subject = subjectWords(question.asked);
    const repeated = subject.size > 0 && seen.some((earlier) => earlier.size === subject.size && [...subject].every((w) => earlier.has(w)));
    seen.push(subject);
    return !repeated;
  });
}

/** A post written in German: at least a quarter of its words, and two or more, are common German words. */
export function isGerman(post: string): boolean {
  const all = words(post.toLowerCase());
  const german = all.filter((w) => GERMAN_WORDS.has(w)).length;
  return german >= 2 && german / all.length >= 0.25;
}

const wordPattern = (list: string[]) =>
  new RegExp(`(?<![\\p{L}\\d])(?:${[...new Set(list)].map(escapeRegExp).join("|")})(?![\\p{L}\\d])`, "giu");

/** "für" is typed "fuer" too: each word also with its umlauts written out. */
const withUmlautsWrittenOut = (word: string) => [word, foldGerman(word)];

/** German words that never name a question's subject, left out even of an English post ("ich bin", "für"). */
const GERMAN_FUNCTION_WORD = wordPattern(postWords.germanFunctionWords.flatMap(withUmlautsWrittenOut));
const KEPT = new Set(postWords.germanStopwordsKept);
/** In a German post, every German stop word too ("bis", "um", "sein"); words that name a measure stay. */
const GERMAN_STOP_WORD = wordPattern(
  [...germanStopwords, ...postWords.germanFunctionWords]
    .filter((word) => !KEPT.has(word) && /^[\p{L}-]+$/u.test(word))
    .flatMap(withUmlautsWrittenOut),
);

/** By each spelling ("Länder", "Laender"). */
const FALSE_FRIENDS = new Map(
  Object.entries(postWords.germanFalseFriends as Record<string, string>).flatMap(([word, english]) =>
    withUmlautsWrittenOut(word).map((spelling) => [spelling, english] as const),
  ),
);
const FALSE_FRIEND = wordPattern([...FALSE_FRIENDS.keys()]);

/**
 * The words of a question that can name its subject: German function words ("ich", "muss", "für") left
 * out, and in a German post, German words that are English words of another meaning read in English
 * ("Nicht-EU-Land": a country, not "land").
 */
export function withoutGermanFunctionWords(question: string): string {
  const german = isGerman(question);
  const pattern = german ? GERMAN_STOP_WORD : GERMAN_FUNCTION_WORD;
  const read = german ? question.replace(FALSE_FRIEND, (word) => FALSE_FRIENDS.get(word.toLowerCase()) ?? word) : question;
  return read
    .replace(pattern, " ")
    .replace(/\s+/g, " ")
    .replace(/ (?=[?.!,])/g, "")
    .trim();
}

/** The one German sentence that opens the local model's answer to a German question. */
export const ENGLISH_ANSWER_NOTE_DE = "Ich antworte auf Englisch, weil unsere Artikel auf Englisch geschrieben sind.";
