/** Retrieval's search index and cached analyses and results, per database client and knowledge-base version. */
import { LRUCache } from "lru-cache";
import { contentVersionQuery } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";
import type { QueryAnalysis, Retrieval, WrittenWord } from "./retrieval-types";
import { loadSearchIndex, type SearchIndex } from "./search-index";

/** The knowledge base's content version, which every write to its tables bumps. */
export const KNOWLEDGE_VERSION = contentVersionQuery("knowledge");
/** Analyses and results kept per version of the knowledge base (a few kB each). */
const CACHED_QUESTIONS = 1000;

/** What retrieval keeps for one version of a client's knowledge base. */
export interface KnowledgeState {
  version: string;
  index: Promise<SearchIndex>;
  /** By question: its analysis (null: nothing to search for; boxed, as the cache holds no null). */
  analyses: LRUCache<string, { analysis: QueryAnalysis | null }>;
  /** By question and options: the retrieval. */
  results: LRUCache<string, Retrieval>;
  /** Words a typo may be read as (see correctTypos), built on first need. */
  vocabulary?: string[];
  /** The passages' words as written, with their stems and passage counts. */
  writtenWords?: Promise<WrittenWord[]>;
}

// Per database client: tests and tools open several databases in one process.
const knowledgeStates = new WeakMap<Db, KnowledgeState>();
export const analysisStates = new WeakMap<QueryAnalysis, KnowledgeState>();

/** This client's index and caches for `version`, read anew when the version moved. */
export function knowledgeState(db: Db, version: string): KnowledgeState {
  const current = knowledgeStates.get(db);
  if (current?.version === version) return current;
  const state: KnowledgeState = {
    version,
    index: loadSearchIndex(db),
    analyses: new LRUCache({ max: CACHED_QUESTIONS }),
    results: new LRUCache({ max: CACHED_QUESTIONS }),
  };
  state.index.catch(() => {
    if (knowledgeStates.get(db) === state) knowledgeStates.delete(db);
  });
  knowledgeStates.set(db, state);
  return state;
}

export async function currentKnowledgeState(db: Db): Promise<KnowledgeState> {
  const [row] = await db.$queryRaw<{ version: string | null }[]>`SELECT (${KNOWLEDGE_VERSION}) AS version`;
  return knowledgeState(db, row?.version ?? "");
}

/** Drops this client's index and cached retrievals now; the version the next question reads would drop them anyway. */
export function forgetLexemeStatistics(db: Db) {
  knowledgeStates.delete(db);
}
