import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { askAndWait, lastAnswer, tokensLeft } from "./chat-helpers";
import { expectNoSeriousAxeViolations, signUpAndLogIn, withDatabase } from "./site-helpers";

const leftOf = async (page: Page) => Number((await tokensLeft(page).innerText()).replace(/[^\d]/g, ""));

test("'I don't know' is not charged and the tokens left do not drop; an answer is charged what its footer says; Deep Thinking lists its sources", async ({
  page,
}) => {
  await signUpAndLogIn(page);
  await page.goto("/swipe-ai");
  await expect(tokensLeft(page)).toHaveText("30,000 tokens left this month");

  // Hosted models are not configured here: offered disabled, with the reason; the local model is chosen.
  const models = page.getByLabel("Chat model");
  await expect(models.locator("option", { hasText: "OpenAI (not configured on this server)" })).toBeDisabled();
  await expect(models.locator("option", { hasText: "DeepSeek (not configured on this server)" })).toBeDisabled();
  await expect(models).toHaveValue("local");

  // Out of scope: the knowledge base is about studying and moving to Germany.
  await askAndWait(page, "How do I renew a passport in Peru?");
  await expect(lastAnswer(page)).toContainText("I don't know");
  await expect(lastAnswer(page).getByTestId("answer-tokens")).toHaveText("Not charged: no answer found");
  await expect(lastAnswer(page).getByTestId("answered-by")).toHaveText("Answered by local-knowledge");
  await page.waitForLoadState("networkidle");
  await expect(tokensLeft(page)).toHaveText("30,000 tokens left this month");

  // A real answer with Deep Thinking: the tokens left drop by exactly what its footer says.
  await page.getByRole("button", { name: "Deep Thinking" }).click();
  await askAndWait(page, "How much money do I need in a blocked account for a German student visa?");
  await expect(lastAnswer(page)).toContainText("11,904");
  const footer = lastAnswer(page).getByTestId("answer-tokens");
  await expect(footer).toHaveText(/^\d[\d,]* tokens charged$/);
  const charged = Number((await footer.innerText()).replace(/[^\d]/g, ""));
  expect(charged).toBeGreaterThan(0);
  await expect.poll(() => leftOf(page)).toBe(30_000 - charged);

  // "N sources" opens the passages considered, each with its sources to open.
  const sourcesButton = lastAnswer(page).getByRole("button", { name: /^\d+ sources$/ });
  const count = Number((await sourcesButton.innerText()).split(" ")[0]);
  await sourcesButton.click();
  await expect(sourcesButton).toHaveAttribute("aria-expanded", "true");
  const list = lastAnswer(page).getByRole("list", { name: "Passages considered" });
  await expect(list.getByRole("listitem")).toHaveCount(count);
  await expect(list.getByText("quoted in the answer").first()).toBeVisible();
  const links = list.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(count);
  await expect(links.first()).toHaveAttribute("href", /^https:\/\//);
  await expect(links.first()).toHaveAttribute("target", "_blank");
  // The answer with its footer and sources list (the conversation list beside it is not part of this test).
  const axe = await new AxeBuilder({ page }).include("[data-testid=message-list]").analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id),
  ).toEqual([]);

  // Regenerate: another answer, from the next best passages.
  const first = await lastAnswer(page).locator(".prose-chat").innerText();
  const regenerated = page.waitForRequest(
    (request) => request.url().endsWith("/api/chat-rag") && Boolean(request.postDataJSON().regenerate),
  );
  await lastAnswer(page).getByRole("button", { name: "Regenerate" }).click();
  const sent = (await regenerated).postDataJSON().regenerate;
  expect(sent.previousAnswer).toContain("11,904");
  expect(sent.usedPassageIds.length).toBeGreaterThan(0);
  await expect(lastAnswer(page).getByRole("button", { name: "Copy answer" })).toBeVisible({ timeout: 30_000 });
  await expect(lastAnswer(page).locator(".prose-chat")).not.toHaveText(first);
});

test("pricing: token figures are labelled estimates until measured, then medians; plan cards say what the allowance buys; every feature opens", async ({
  page,
}) => {
  await page.goto("/pricing");
  const simple = page.getByTestId("token-figure-simple");
  // A fresh server has too few answers of each kind: the spec's estimates, labelled.
  await expect(page.getByTestId("token-figure-planning")).toContainText("about 100-200 tokens");
  await expect(page.getByTestId("token-figure-planning")).toContainText("estimate: not measured yet (fewer than 20 answers of this kind)");
  await expect(page.getByTestId("typical-answers-unlimited")).toHaveText("No limit on answers");
  await expect(page.getByTestId("typical-answers-free")).toHaveText(
    /^About [\d,]+ simple, [\d,]+ detailed or [\d,]+ planning answers a month \(from the estimates above\)$/,
  );

  // 20 simple answers of the last days, measured by the job: the page shows their median.
  await withDatabase(async (client) => {
    for (let i = 0; i < 20; i++) {
      await client.query(
        `INSERT INTO "TokenUsage" (id, subject, route, model, "inputTokens", "outputTokens", charged, aborted, "questionKind", charge, "createdAt")
         VALUES ($1, 'address:e2e', 'chat', 'local-knowledge', 20, $2, $3, false, 'simple', 'answer', now() - interval '1 day')`,
        [`e2e-typical-${Date.now()}-${i}`, 180 + i * 10, 200 + i * 10],
      );
    }
    await client.query(`INSERT INTO "Job" (id, kind, payload) VALUES ($1, 'chat.typical-tokens', '{}')`, [`e2e-typical-job-${Date.now()}`]);
  });
  await expect
    .poll(
      async () => {
        await page.reload();
        return simple.innerText();
      },
      { timeout: 20_000 },
    )
    .toContain("median of");
  await expect(simple).toContainText(/typically \d[\d,]* tokens/);
  const median = Number(/typically (\d[\d,]*) tokens/.exec(await simple.innerText())![1]!.replace(/,/g, ""));
  await expect(page.getByTestId("typical-answers-free")).toContainText(
    `About ${Math.floor(30_000 / median).toLocaleString("en-US")} simple,`,
  );
  // Detailed and planning are still estimates, and the card says which.
  await expect(page.getByTestId("typical-answers-free")).toContainText("answers a month (detailed and planning from the estimates above)");
  await page.getByText("What is a token?").click();
  await expect(page.getByText(/A simple question uses typically \d[\d,]* tokens/)).toBeVisible();

  // Features not built yet say "coming"; every other feature opens its page.
  await expect(page.getByTestId("plan-pro").getByTestId("coming-feature")).toContainText(
    "Coming: Priority AI processing (not part of the price yet)",
  );
  // Coaching, with no coach's hours published yet, says when it opens instead of linking as bookable.
  await expect(page.getByTestId("plan-unlimited").getByTestId("opens-feature").filter({ hasText: "1-on-1 coaching" })).toContainText(
    "1-on-1 coaching: booking opens when a coach publishes hours (not part of the price yet)",
  );
  const hrefs = new Set<string>();
  for (const link of await page.locator("[data-testid^=plan-] ul a").all()) hrefs.add((await link.getAttribute("href"))!);
  // Document review links once a reviewer (staff or coach) exists: earlier specs of the run may have made one.
  hrefs.delete("/services/document-review");
  expect([...hrefs].sort()).toEqual(["/about/contact", "/community", "/compare", "/roadmap", "/swipe-ai"]);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
  }
  await expectNoSeriousAxeViolations(page);
});
