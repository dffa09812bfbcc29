import { describe, expect, it } from "vitest";
import type { ComposedAnswer } from "~/server/rag/answer";
import { combineParts } from "~/server/rag/post-answer";

const part = (asked: string, composed: Partial<ComposedAnswer>) => ({
  question: { asked, question: asked },
  composed: { kind: "answer" as const, text: asked, retrieval: { passages: [], confidence: 0.9 }, quotedPassageIds: ["p1"], ...composed },
});

describe("combineParts: a post's answers under their questions", () => {
  it("leaves out a part that quotes the same passages as an earlier one", () => {
    const combined = combineParts([part("How much is rent?", {}), part("And the deposit?", { text: "same passage again" })]);
    expect(combined.text).toBe("**How much is rent?**\n\nHow much is rent?");
  });

  it("keeps parts led by different tool data, even when they quote the same passages or none", () => {
    const combined = combineParts([
      part("How much is rent in Munich?", { toolText: "RENT", text: "RENT" }),
      part("Do I need a visa?", { toolText: "VISA", text: "VISA" }),
      part("And scholarships?", { toolText: "GRANTS", text: "GRANTS", quotedPassageIds: [] }),
    ]);
    expect(combined.text).toBe(
      "**How much is rent in Munich?**\n\nRENT\n\n**Do I need a visa?**\n\nVISA\n\n**And scholarships?**\n\nGRANTS",
    );
  });

  it("says in one line that a part it cannot answer is unknown, so the others still count", () => {
    const combined = combineParts([part("How much is rent?", {}), part("What about Mars?", { kind: "unknown", quotedPassageIds: [] })]);
    expect(combined.text).toContain(
      "**What about Mars?**\n\nI don't know: my knowledge base has nothing reliable on this, and I will not guess.",
    );
  });
});
