/** The knowledge base's public interface: the only way in for code outside this folder. */

export { type AnswerOptions, answerQuestion, type ComposedAnswer } from "./answer";
export { OTHER_COUNTRY_UNKNOWN_TEXT, SURE_CONFIDENCE, UNKNOWN_TEXT } from "./answer-render";
export { type ArticleSection, articleSections, articleSummary, chunkArticle, plainExcerpt } from "./articles";
export { CITY_ARTICLE_PREFIX, cityArticleSlug, euros } from "./city-articles";
export { embeddingModel } from "./embeddings";
export {
  cityNames,
  type EntityCatalog,
  foldText,
  mainUniversityOf,
  parseEntities,
  type QuestionEntities,
  type StayPurpose,
  wordIndex,
} from "./entities";
export { followUpInstructions, resolveFollowUp } from "./follow-up";
export { type ArticleContent, addArticleVersion, embedMissingPassages, indexArticle, latestArticleVersion } from "./indexing";
export { forgetLexemeStatistics } from "./knowledge-state";
export { ENGLISH_ANSWER_NOTE_DE, isGerman, type PostQuestion, questionsOfPost } from "./post";
export { combineParts, type PostPart } from "./post-answer";
export { type ProfileContext, profileAddition, profileInstructions } from "./profile-facts";
export { otherDestination } from "./question";
export type { Retrieval, RetrievedPassage, RetrieveOptions } from "./retrieval-types";
export { retrieve } from "./retrieve";
export { seedKnowledgeBase } from "./seed-knowledge-base";
export { searchableText, stripMarkdown } from "./text";
export {
  type ToolAnswer,
  type ToolAnswerKind,
  type ToolAnswerSource,
  toolAnswerInstructions,
  withToolAnswer,
} from "./tool-answer";
export { type AnswerRoute, recordUnansweredQuestion } from "./unanswered";
