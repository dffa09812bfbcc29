import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostMarkdown } from "~/components/community/post-markdown";

const render = (body: string) => renderToStaticMarkup(createElement(PostMarkdown, { body }));

/** Injections a post may try; none may come out as markup that runs. */
const INJECTIONS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "Hello <b onmouseover=alert(1)>there</b>",
  '<a href="javascript:alert(1)">click</a>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  '<iframe src="https://example.com"></iframe>',
  "<svg><script>alert(1)</script></svg>",
  "![x](javascript:alert(1))",
  '<div style="position:fixed">x</div>',
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
];

describe("PostMarkdown", () => {
  it.each(INJECTIONS)("renders %s without markup that runs", (body) => {
    const html = render(body);
    // Typed HTML comes out escaped (&lt;...), so any "<" here starts a real element.
    expect(html).not.toMatch(/<(script|iframe|svg|img)\b/i);
    expect(html).not.toMatch(/<[a-z][^>]*\s(on\w+|style)=/i);
    expect(html).not.toMatch(/<a[^>]*href="(javascript|data):/i);
  });

  it("shows raw HTML as the text that was typed", () => {
    expect(render("<script>alert(1)</script>")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(render("Look <img src=x onerror=alert(1)> here")).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("renders GitHub-flavoured Markdown", () => {
    const html = render("**bold** and ~~gone~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain("<table>");
    expect(html).toContain('type="checkbox"');
  });

  it("opens external links apart with nofollow ugc noopener", () => {
    const html = render("See [the DAAD](https://www.daad.de) and https://www.bamf.de");
    expect(html).toContain('<a href="https://www.daad.de" rel="nofollow ugc noopener" target="_blank">the DAAD</a>');
    expect(html).toContain('href="https://www.bamf.de" rel="nofollow ugc noopener" target="_blank"');
  });

  it("links @mentions of members to their profile, but not in code, emails or links, and not a handle no member has", () => {
    const html = renderToStaticMarkup(
      createElement(PostMarkdown, {
        body: "Thanks @Priya_Sharma and @nobody_here! Mail me at lena@example.com, `@code` and [@linked](https://example.com)",
        mentions: ["priya_sharma", "code", "linked", "example"],
      }),
    );
    expect(html).toContain('<a href="/community/u/priya_sharma">@Priya_Sharma</a>');
    expect(html).toContain("@nobody_here");
    expect(html).not.toContain("/community/u/nobody_here");
    expect(html).not.toContain("/community/u/example");
    expect(html).not.toContain("/community/u/code");
    expect(html).not.toContain("/community/u/linked");
  });

  it("puts a post's headings below the page's own", () => {
    expect(render("# Title")).toMatch(/^<div[^>]*><h3[^>]*>Title<\/h3>/);
  });

  it("shows pictures as links", () => {
    expect(render("![a map](https://example.com/map.png)")).toContain(
      '<a href="https://example.com/map.png" target="_blank" rel="nofollow ugc noopener">a map (image)</a>',
    );
  });
});
