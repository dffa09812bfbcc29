/** What retrieval works with and answers: a question as analysed, and the passages found for it. */
import type { EmbeddingModel } from "ai";

export interface RetrievedPassage {
  id: string;
  articleSlug: string;
  articleTitle: string;
  topic: string;
  heading: string | null;
  text: string;
  /** Relevance, 0..1. */
  score: number;
  lastReviewed: string;
  /** The sources that back this passage's section (its article's sources when it names none). */
  sources: { title: string; url: string }[];
}

export interface Retrieval {
  passages: RetrievedPassage[];
  /** 0..1: how well the best passage covers the question. */
  confidence: number;
}

export interface RetrieveOptions {
  /** Passages returned at most (default 5). */
  limit?: number;
  /** Only articles of this topic (a thread slug such as "finances"). */
  topic?: string;
  /** Below this confidence no passage is returned (default: confidenceFloor). */
  minConfidence?: number;
  /** At most this many passages of one article (default 3), so that several sources can speak. */
  perArticle?: number;
  /** Embedding model for re-ranking; defaults to the configured one (none without OPENAI_API_KEY). */
  embeddings?: EmbeddingModel | null;
  abortSignal?: AbortSignal;
}

export interface QueryTerm {
  /** The lexeme, or for a phrase of the term table its lexemes joined by spaces. */
  lexeme: string;
  /** The tsquery that matches it: the quoted lexeme, or a phrase ('famili' <-> 'reunif'). */
  query: string;
  /** Index of the question word it stands for (synonyms share their original's concept). */
  concept: number;
  factor: number;
}

/** A question as retrieval sees it: its words (stems), their synonyms and how telling each word is. */
export interface QueryAnalysis {
  question: string;
  /** Stems of the question's words, in order, without stop words and filler. */
  words: string[];
  terms: QueryTerm[];
  /** Inverse document frequency of each word (by index in `words`). */
  conceptWeight: number[];
  totalWeight: number;
  /** Passages in the knowledge base, and in how many of them each term occurs. */
  total: number;
  documentFrequency: Map<string, number>;
  /** Typed words read as another word of the knowledge base ("sperkonto" as "sperrkonto"). */
  corrections: Map<string, string>;
}

export interface WrittenWord {
  word: string;
  /** Null for a stop word. */
  stem: string | null;
  passages: number;
}
