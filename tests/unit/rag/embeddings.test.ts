import { describe, expect, it } from "vitest";
import { cosine, embeddingModel, packVector, unpackVector } from "~/server/rag/embeddings";
import { expandSynonyms, inverseDocumentFrequency, queryLexemes } from "~/server/rag/query-analysis";
import { countryOfDemonym } from "~/server/rag/text";

describe("stored vectors", () => {
  it("round-trip through float32 bytes", () => {
    const vector = [0.5, -1.25, 3, 0];
    const bytes = packVector(vector);
    expect(bytes.byteLength).toBe(16);
    expect(Array.from(unpackVector(bytes.subarray(0)))).toEqual(vector);
  });

  it("compare by cosine similarity", () => {
    expect(cosine([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBeCloseTo(0);
    expect(cosine([1, 2], [1, 2, 3])).toBe(0);
  });
});

describe("embeddingModel", () => {
  it("is off without a key or with OPENAI_EMBEDDING_MODEL=none, text-embedding-3-large otherwise", () => {
    expect(embeddingModel({})).toBeNull();
    expect(embeddingModel({ apiKey: "sk-test", modelId: "none" })).toBeNull();
    const model = embeddingModel({ apiKey: "sk-test", baseURL: "http://127.0.0.1:1/v1" });
    expect(model && typeof model !== "string" ? model.modelId : model).toBe("text-embedding-3-large");
  });
});

describe("query terms", () => {
  it("keep the positive lexemes of a tsquery, without filler words", () => {
    expect(queryLexemes("'pleas' & 'block' <-> 'account' & !'fee' & 'block'")).toEqual(["block", "account"]);
    expect(queryLexemes("'don''t' & 'visa'")).toEqual(["don't", "visa"]);
    // "is that enough for the Blue Card": what is asked, not about what ("lohnt sich das" is German: ./post.test.ts)
    expect(queryLexemes("'enough' & 'blue' <-> 'card'")).toEqual(["blue", "card"]);
    // "arrived yesterday", "how early", "how soon": when, not what
    expect(queryLexemes("'arriv' & 'yesterday' & 'berlin'")).toEqual(["arriv", "berlin"]);
    expect(queryLexemes("'earli' & 'tell' & 'landlord' & 'move'")).toEqual(["landlord", "move"]);
  });

  it("add synonyms at a lower weight, under the word they stand for", () => {
    const word = (lexeme: string) => ({ text: lexeme, lexemes: [lexeme], query: `'${lexeme}'` });
    const groups = [
      { about: "blocked account", terms: [word("sperrkonto"), word("block")] },
      { about: "cost", terms: [word("cost"), word("fee")] },
    ];
    const terms = expandSynonyms(["sperrkonto", "cost"], groups);
    expect(terms).toContainEqual({ lexeme: "block", query: "'block'", concept: 0, factor: 0.8 });
    expect(terms).toContainEqual({ lexeme: "fee", query: "'fee'", concept: 1, factor: 0.8 });
    expect(terms.filter((t) => t.factor === 1).map((t) => t.lexeme)).toEqual(["sperrkonto", "cost"]);
  });

  it("weigh rare words more than common ones", () => {
    expect(inverseDocumentFrequency(3, 300)).toBeGreaterThan(inverseDocumentFrequency(150, 300));
    expect(inverseDocumentFrequency(300, 300)).toBeGreaterThan(0);
  });
});

describe("countryOfDemonym", () => {
  it("guesses the country stems a word for its people comes from", () => {
    expect(countryOfDemonym("indian")).toContain("india");
    expect(countryOfDemonym("nigerian")).toContain("nigeria");
    expect(countryOfDemonym("vietnames")).toContain("vietnam");
    expect(countryOfDemonym("chines")).toContain("china");
    expect(countryOfDemonym("pakistani")).toContain("pakistan");
    expect(countryOfDemonym("2026")).toEqual([]);
  });
});
