export { retrieve, DEFAULT_MIN_CONFIDENCE, type Retrieval, type RetrievedPassage, type RetrieveOptions } from "./retrieve";
export { seedKnowledgeBase } from "./seed-knowledge-base";
