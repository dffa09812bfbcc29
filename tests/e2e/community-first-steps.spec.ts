import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, signUpAndLogIn, verifyEmailFromOutbox, withDatabase } from "./site-helpers";

test("an empty category shows its topic's common questions, linked to a guide and the assistant, and invites the first topic", async ({
  page,
}) => {
  await page.goto("/community/c/language");
  const empty = page.getByTestId("empty-category");
  await expect(empty.getByRole("heading", { name: "No topics here yet: be the first to ask" })).toBeVisible();
  const questions = empty.getByRole("list", { name: "Common questions" }).getByRole("listitem");
  const first = questions.filter({ hasText: "Which German tests do all German universities accept?" });
  await expect(first.getByRole("link", { name: "Ask SwipeAI" })).toHaveAttribute(
    "href",
    `/swipe-ai?${new URLSearchParams({ message: "Which German tests do all German universities accept?" })}`,
  );
  const guide = empty.getByRole("link", { name: /^Read the guide: / }).first();
  await expect(guide).toHaveAttribute("href", /^\/students\/language\/[a-z0-9-]+/);
  await expect(empty.getByRole("button", { name: "Start the first topic" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await guide.click();
  await expect(page).toHaveURL(/\/students\/language\/[a-z0-9-]+/);
});

test("typing @ and letters offers real handles, Enter inserts one; a pinned topic by staff is labelled", async ({ page }) => {
  const user = await signUpAndLogIn(page, { firstName: "Zelda", lastName: "Tester" });
  await verifyEmailFromOutbox(page, user.email);
  const handle = `zelda${Date.now().toString(36)}`;
  await withDatabase((client) => client.query(`UPDATE "User" SET "forumHandle" = $1 WHERE email = $2`, [handle, user.email]));

  await page.goto("/community/new?category=after-graduation");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "New topic" });
  await form.getByLabel("Title").fill("Staying on after my master's: which permit first?");
  const body = form.getByLabel("Your question");
  await body.click();
  await body.pressSequentially("Any advice? Thanks @nobodyzz");
  await page.waitForTimeout(600);
  await expect(page.getByRole("listbox", { name: "Members to mention" })).toHaveCount(0);
  await body.press("Enter");
  await body.pressSequentially(`cc @${handle.slice(0, 7)}`);
  const option = page.getByRole("listbox", { name: "Members to mention" }).getByRole("option", { name: `@${handle}` });
  await expect(option).toBeVisible();
  await body.press("ArrowDown");
  await body.press("Enter");
  await expect(body).toHaveValue(`Any advice? Thanks @nobodyzz\ncc @${handle} `);
  await expect(page.getByRole("listbox", { name: "Members to mention" })).toHaveCount(0);
  await form.getByRole("button", { name: "Post topic" }).click();
  await expect(page).toHaveURL(/\/community\/t\//);
  // The member's handle is linked; the unknown one stays text.
  await expect(page.getByText("@nobodyzz")).toBeVisible();
  await expect(page.getByRole("link", { name: "@nobodyzz" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `@${handle}` }).first()).toBeVisible();

  // Staff pin it, and the member turns out to be on the team.
  await withDatabase(async (client) => {
    await client.query(`UPDATE "User" SET role = 'admin' WHERE email = $1`, [user.email]);
    await client.query(`UPDATE "ForumTopic" SET pinned = true WHERE title = $1`, ["Staying on after my master's: which permit first?"]);
  });
  await page.goto("/community/c/after-graduation");
  const row = page.getByRole("article", { name: /Staying on after my master's: which permit first\?/ });
  await expect(row.getByText("Pinned", { exact: true })).toBeVisible();
  await expect(row.getByText("Staff", { exact: true })).toBeVisible();
});

/** The page's schema.org data of one type. */
async function structuredData(page: Page, type: string) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => [JSON.parse(text)].flat()).find((data) => data["@type"] === type);
}

test("a solved topic carries QAPage data with its solution as the accepted answer; the pricing FAQ carries FAQPage data", async ({
  page,
}) => {
  const user = await signUpAndLogIn(page, { firstName: "Quinn", lastName: "Asker" });
  await verifyEmailFromOutbox(page, user.email);
  const call = async (procedure: string, json: unknown) => {
    const response = await page.request.post(`/api/trpc/community.${procedure}`, { data: { json } });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).result.data.json;
  };
  const title = `Does the Anmeldung need a landlord form? (${Date.now().toString(36)})`;
  const topic = await call("createTopic", { categorySlug: "arrival", title, body: "Moving in next week, what do I bring?", tags: [] });
  const href = `/community/t/${topic.topicSlug}/${topic.topicId}`;
  await page.goto(href);
  expect(await structuredData(page, "QAPage")).toBeUndefined();
  const answer = await call("reply", { topicId: topic.topicId, body: "Yes: the Wohnungsgeberbestätigung from your landlord." });
  await call("markSolved", { topicId: topic.topicId, postId: answer.postId });
  await page.goto(href);
  const qa = await structuredData(page, "QAPage");
  expect(qa.mainEntity).toMatchObject({
    "@type": "Question",
    name: title,
    text: "Moving in next week, what do I bring?",
    acceptedAnswer: { "@type": "Answer", text: "Yes: the Wohnungsgeberbestätigung from your landlord." },
  });

  await page.goto("/pricing");
  const faq = await structuredData(page, "FAQPage");
  const questions = faq.mainEntity.map((entry: { name: string }) => entry.name);
  expect(questions).toContain("Can I cancel anytime?");
  for (const question of questions) await expect(page.locator("summary", { hasText: question })).toBeVisible();
});
