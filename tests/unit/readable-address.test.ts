import { describe, expect, it } from "vitest";
import { unreadableRequestTarget } from "~/server/http/readable-address";

describe("an address as the server receives it", () => {
  it.each([
    ["/community/search?q=visa", false],
    ["/community/search?q=K%C3%B6ln+Uni", false],
    ["/tools/university-finder?q=100%25", false],
    ["/api/documents/abc/download", false],
    ["/", false],
    ["/community/search?q=a%00", true],
    ["/community/search?q=a%ff", true],
    ["/community/search?q=%%", true],
    ["/community/search?q=%E0%A4%A", true],
    ["/community/search?%zz=1", true],
    ["/api/billing-addresses/%ff", true],
    ["/api/documents/%00/download", true],
    ["/a%C0%80b", true],
  ])("%s is unreadable: %s", (target, unreadable) => {
    expect(unreadableRequestTarget(target)).toBe(unreadable);
  });
});
