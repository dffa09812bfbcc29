/** The knowledge base's public interface: retrieval for the chat routes, sections for the guide pages, loading for the seed step. */

export { type ArticleSection, articleSections, articleSummary, plainExcerpt } from "./articles";
export { CITY_ARTICLE_PREFIX } from "./city-articles";
export {
  DEFAULT_MIN_CONFIDENCE,
  type Retrieval,
  type RetrievedPassage,
  type RetrieveOptions,
  retrieve,
} from "./retrieve";
export { seedKnowledgeBase } from "./seed-knowledge-base";
