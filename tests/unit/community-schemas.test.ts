import { describe, expect, it } from "vitest";
import { editPostSchema, newTopicSchema } from "~/lib/schemas/community";

describe("community schemas", () => {
  it("an edit without tags leaves them out, so a reply can be edited", () => {
    expect(editPostSchema.parse({ postId: "p1", body: "Changed text" })).toEqual({
      postId: "p1",
      body: "Changed text",
    });
    expect(editPostSchema.parse({ postId: "p1", body: "Changed text", tags: ["Visa", "visa"] }).tags).toEqual(["visa"]);
  });

  it("a new topic without tags has none", () => {
    expect(newTopicSchema.parse({ categorySlug: "off-topic", title: "A question with a long title", body: "Text" }).tags).toEqual([]);
  });
});
