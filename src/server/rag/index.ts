/** The knowledge base's public interface: retrieval for the chat routes, loading for the seed step. */
export {
  DEFAULT_MIN_CONFIDENCE,
  type Retrieval,
  type RetrievedPassage,
  type RetrieveOptions,
  retrieve,
} from "./retrieve";
export { seedKnowledgeBase } from "./seed-knowledge-base";
