/**
 * Every feature a pricing card lists has a page that serves it (the e2e pricing test opens each one);
 * a feature without a page is marked "coming".
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLAN_LIST } from "~/lib/plans";
import { findService } from "~/lib/services";

/** The page file of an app-router path: a literal folder, or /services/<slug> of a known service. */
function pageFileOf(href: string): string | null {
  const literal = path.join("src/app", href, "page.tsx");
  if (existsSync(literal)) return literal;
  const service = /^\/services\/([a-z-]+)$/.exec(href);
  if (service && findService(service[1]!)) return "src/app/services/[slug]/page.tsx";
  return null;
}

describe("the features on the pricing cards", () => {
  const features = PLAN_LIST.flatMap((plan) => plan.features.map((feature) => ({ plan: plan.id, ...feature })));

  it.each(features.filter((feature) => feature.href !== null))("$plan: '$label' is served at $href", ({ href }) => {
    expect(pageFileOf(href!)).not.toBeNull();
  });

  it("lists only 'Priority AI processing' as coming (it is not built)", () => {
    expect([...new Set(features.filter((feature) => feature.href === null).map((feature) => feature.label))]).toEqual([
      "Priority AI processing",
    ]);
  });
});
