import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "~/lib/markdown-plain-text";

describe("an answer copied as plain text", () => {
  it.each([
    ["bold and italic", "You need **11,904 EUR** a year, __not__ *less* or _fewer_.", "You need 11,904 EUR a year, not less or fewer."],
    ["a heading", "## Blocked account\n\nOpen it first.", "Blocked account\n\nOpen it first."],
    ["inline code", "Call it `Sperrkonto`.", "Call it Sperrkonto."],
    [
      "a link",
      "See [the Foreign Office](https://www.auswaertiges-amt.de/en).",
      "See the Foreign Office (https://www.auswaertiges-amt.de/en).",
    ],
    ["an address written out", "Visit <https://example.org> or https://example.com", "Visit https://example.org or https://example.com"],
    ["a bulleted list", "Bring:\n\n* passport\n* **photos**\n- not used", "Bring:\n\n- passport\n- photos\n\n- not used"],
    ["a numbered list from 3", "3. apply\n4. wait", "3. apply\n4. wait"],
    [
      "a nested list",
      "1. Open an account\n2. Pay in\n   - by transfer\n   - by *card*",
      "1. Open an account\n2. Pay in\n   - by transfer\n   - by card",
    ],
    ["a quote", "> quoted __text__", "quoted text"],
    ["a table", "| City | Rent |\n|---|---|\n| Munich | 1,200 EUR |", "City | Rent\nMunich | 1,200 EUR"],
    ["strikethrough and a rule", "~~old~~ new\n\n---\n\nend", "old new\n\nend"],
    ["line breaks", "one\ntwo  \nthree", "one\ntwo\nthree"],
    ["an escaped star", "5 \\* 3", "5 * 3"],
    ["a code block", "```\nIBAN DE00\n```", "IBAN DE00"],
    ["nothing", "", ""],
  ])("%s", (_name, markdown, plain) => {
    expect(markdownToPlainText(markdown)).toBe(plain);
  });

  it("keeps a local answer's source lines, with their addresses and no Markdown markers", () => {
    const answer = [
      "**Blocked account:** 11,904 EUR for 2025 ([source](https://www.auswaertiges-amt.de/en/visa-service)).",
      "",
      "Sources:",
      "- [Federal Foreign Office](https://www.auswaertiges-amt.de/en/visa-service) (last reviewed 2026-01-15)",
      "- [DAAD](https://www.daad.de/en/)",
    ].join("\n");
    const plain = markdownToPlainText(answer);
    expect(plain).toBe(
      [
        "Blocked account: 11,904 EUR for 2025 (source (https://www.auswaertiges-amt.de/en/visa-service)).",
        "",
        "Sources:",
        "",
        "- Federal Foreign Office (https://www.auswaertiges-amt.de/en/visa-service) (last reviewed 2026-01-15)",
        "- DAAD (https://www.daad.de/en/)",
      ].join("\n"),
    );
    expect(plain).not.toMatch(/\*\*|__|`|^#|\]\(/m);
  });
});
