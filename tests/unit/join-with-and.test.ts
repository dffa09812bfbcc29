import { describe, expect, it } from "vitest";
import { joinWithAnd } from "~/lib/join-with-and";

describe("joinWithAnd", () => {
  it.each([
    [[], ""],
    [["rent"], "rent"],
    [["rent", "health insurance"], "rent and health insurance"],
    [["Germany", "Austria", "the Netherlands"], "Germany, Austria and the Netherlands"],
  ])("joins %j as %j", (items, joined) => {
    expect(joinWithAnd(items)).toBe(joined);
  });
});
