import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, signUpAndLogIn, verifyEmailFromOutbox } from "./site-helpers";

const HELD_MESSAGE = "Your post is waiting for a moderator's review";
const FOURTH_TOPIC_REFUSED = "New members can start at most 3 topics in 24 hours.";

let run = 0;
/** A title no other test (or earlier run on the same server) has written. */
function uniqueTitle(words: string) {
  run += 1;
  return `${words} (${Date.now().toString(36)}${run})`;
}

/** A member with a verified email, in a browser context of their own. */
async function verifiedMember(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUpAndLogIn(page, { firstName, lastName });
  await verifyEmailFromOutbox(page, user.email);
  return { context, page, user };
}

/** Posts a topic through /community/new and waits for its page. */
async function postTopicWithForm(page: Page, topic: { category: string; title: string; body: string; tags?: string[] }) {
  await page.goto("/community/new");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "New topic" });
  await form.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: topic.category, exact: true }).click();
  await form.getByLabel("Title").fill(topic.title);
  await form.getByLabel("Your question").fill(topic.body);
  for (const tag of topic.tags ?? []) await form.getByLabel("Tags (optional)").fill(`${tag},`);
  await form.getByRole("button", { name: "Post topic" }).click();
  return form;
}

/** Posts a topic through the API the form uses (community.createTopic), as the signed-in member of the page. */
async function postTopicWithApi(page: Page, topic: { categorySlug: string; title: string; body: string }) {
  const response = await page.request.post("/api/trpc/community.createTopic", {
    data: { json: { tags: [], ...topic } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const outcome = (await response.json()).result.data.json as { topicId: string; topicSlug: string; held: boolean };
  return `/community/t/${outcome.topicSlug}/${outcome.topicId}`;
}

/** Collects console errors and uncaught exceptions of a page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("signed out, /community lists the categories and the latest topics, and a topic page has no errors on a phone", async ({
  browser,
}) => {
  const asker = await verifiedMember(browser, "Sofia", "Reyes");
  const title = uniqueTitle("Which documents does the residence permit appointment need");
  await postTopicWithApi(asker.page, {
    categorySlug: "introductions",
    title,
    body: "I arrive in October. What should I **bring** to the appointment?",
  });
  await asker.context.close();

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/community");
  await expect(page).toHaveTitle(/Community/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/community$/);
  const categories = page.getByRole("region", { name: "Categories" });
  await expect(categories.getByRole("link", { name: /Introductions/ })).toContainText(/\d+ topics?/);
  await expect(categories.getByRole("link", { name: /Off topic/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Topic lists" }).getByRole("link", { name: "Latest" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByRole("article", { name: title });
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: "Introductions" })).toBeVisible();
  await expect(row.getByText("Replies")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The New topic button opens the login for visitors.
  await page.getByRole("button", { name: "New topic" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await page.keyboard.press("Escape");

  await row.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("article", { name: "Question" }).locator("strong", { hasText: "bring" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in to reply" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A stale slug redirects to the topic's current address.
  const address = new URL(page.url()).pathname;
  await page.goto(address.replace(/\/t\/[^/]+\//, "/t/an-old-title/"));
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("one member asks in Markdown, another replies mentioning them, and the asker is notified and marks the reply as the answer", async ({
  browser,
}) => {
  const asker = await verifiedMember(browser, "Amara", "Okafor");
  const helper = await verifiedMember(browser, "Jonas", "Weber");
  const askerErrors = watchErrors(asker.page);
  const helperErrors = watchErrors(helper.page);
  const title = uniqueTitle("How do I open a blocked account before my visa appointment");

  await postTopicWithForm(asker.page, {
    category: "Off topic",
    title,
    body: "My appointment is in **May**.\n\n- Which bank is fastest?\n- Do I need a German address?",
    tags: ["blocked-account"],
  });
  await expect(asker.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const question = asker.page.getByRole("article", { name: "Question" });
  await expect(question.locator("strong", { hasText: "May" })).toBeVisible();
  await expect(question.getByRole("listitem").filter({ hasText: "Which bank is fastest?" })).toBeVisible();
  await expect(asker.page.getByRole("list", { name: "Tags" }).getByRole("link", { name: "#blocked-account" })).toBeVisible();
  const handle = (await question.getByRole("link", { name: /^@/ }).textContent())!.trim();
  const topicAddress = new URL(asker.page.url()).pathname;

  // The other member replies with a mention, checking the preview first.
  await helper.page.goto(topicAddress);
  await helper.page.waitForLoadState("networkidle");
  const reply = helper.page.getByRole("form", { name: "Reply" });
  const answerText = "Open it online with one of the providers the Federal Foreign Office lists; no German address needed.";
  await reply.getByLabel("Your reply").fill(`Welcome ${handle}! ${answerText}`);
  await reply.getByRole("tab", { name: "Preview" }).click();
  // The preview shows the mention; it is linked once posted, when the server has checked the handle is a member's.
  await expect(reply.getByTestId("markdown-preview")).toContainText(`Welcome ${handle}!`);
  await reply.getByRole("tab", { name: "Write" }).click();
  await reply.getByRole("button", { name: "Post reply" }).click();
  const helperReply = helper.page.getByRole("article", { name: "Reply by Jonas Weber" });
  await expect(helperReply).toContainText(answerText);
  await expect(helperReply.getByRole("link", { name: handle })).toHaveAttribute("href", `/community/u/${handle.slice(1)}`);

  // The asker sees the bell's count, opens the notification and marks the reply as the answer.
  await asker.page.goto("/community");
  const bell = asker.page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications: 1 unread");
  await bell.click();
  await expect(asker.page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await asker.page.getByRole("link", { name: `Unread: Jonas Weber mentioned you in “${title}”` }).click();
  await expect(asker.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(bell).toHaveAccessibleName("Notifications");
  const markedReply = asker.page.getByRole("article", { name: "Reply by Jonas Weber" });
  await markedReply.getByRole("button", { name: "Mark as answer" }).click();
  const solved = asker.page.getByRole("region", { name: "Solved: see the answer" });
  await expect(solved).toContainText(answerText);
  await expect(solved).toContainText("Jonas Weber");
  await expect(markedReply.getByText("Answer", { exact: true })).toBeVisible();

  // The answer sits right under the question, and the topic is in the Solved list.
  const order = await asker.page.evaluate(() =>
    [...document.querySelectorAll("article[aria-label='Question'], section[aria-labelledby='solved-title']")].map((el) => el.tagName),
  );
  expect(order).toEqual(["ARTICLE", "SECTION"]);
  await asker.page.goto("/community?list=solved");
  await expect(asker.page.getByRole("navigation", { name: "Topic lists" }).getByRole("link", { name: "Solved" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = asker.page.getByRole("article", { name: title });
  await expect(row.getByText("Solved", { exact: true })).toBeVisible();

  // Signed in, with the bell, the header still fits a phone.
  await asker.page.setViewportSize({ width: 375, height: 800 });
  await asker.page.goto(topicAddress);
  await expect(bell).toBeVisible();
  expect(await asker.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The helper was told that their reply is the answer.
  await helper.page.goto("/community/notifications");
  await expect(helper.page.getByRole("link", { name: `Unread: Your reply was marked as the answer to “${title}”` })).toBeVisible();
  await helper.page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(helper.page.getByRole("banner").getByRole("link", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");
  expect(askerErrors).toEqual([]);
  expect(helperErrors).toEqual([]);
  await asker.context.close();
  await helper.context.close();
});

test("a post with a script tag and an onerror attribute renders as text and runs nothing", async ({ browser }) => {
  const member = await verifiedMember(browser, "Mei", "Tanaka");
  const dialogs: string[] = [];
  member.page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const title = uniqueTitle("Does this forum show HTML that members type");
  await postTopicWithForm(member.page, {
    category: "Off topic",
    title,
    body: "Look: <script>alert(1)</script> and <img src=x onerror=alert(2)> end.",
  });
  const question = member.page.getByRole("article", { name: "Question" });
  await expect(question).toContainText("<script>alert(1)</script>");
  await expect(question).toContainText("<img src=x onerror=alert(2)>");
  await expect(question.locator("script, img, [onerror]")).toHaveCount(0);

  // Read again by a visitor, from the server's own rendering.
  const visitor = await browser.newPage();
  visitor.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.goto(member.page.url());
  await expect(visitor.getByRole("article", { name: "Question" })).toContainText("<script>alert(1)</script>");
  await visitor.waitForLoadState("networkidle");
  expect(dialogs).toEqual([]);
  await visitor.close();
  await member.context.close();
});

test("a new member's fourth topic on the same day is refused with the server's message", async ({ browser }) => {
  const member = await verifiedMember(browser, "Arjun", "Mehta");
  for (const n of [1, 2, 3])
    await postTopicWithApi(member.page, {
      categorySlug: "off-topic",
      title: uniqueTitle(`My question number ${n} about housing`),
      body: "Where do I start looking?",
    });
  const form = await postTopicWithForm(member.page, {
    category: "Off topic",
    title: uniqueTitle("My fourth question about housing"),
    body: "And one more question.",
  });
  await expect(form.getByRole("alert")).toContainText(FOURTH_TOPIC_REFUSED);
  await expect(member.page).toHaveURL(/\/community\/new$/);
  await member.context.close();
});

test("a reply with spam is held for review and says so", async ({ browser }) => {
  const member = await verifiedMember(browser, "Lucas", "Silva");
  const topic = await postTopicWithApi(member.page, {
    categorySlug: "off-topic",
    title: uniqueTitle("Which documents prove my degree for uni-assist"),
    body: "Certified copies?",
  });
  await member.page.goto(topic);
  await member.page.waitForLoadState("networkidle");
  const reply = member.page.getByRole("form", { name: "Reply" });
  await reply.getByLabel("Your reply").fill("Just buy diploma copies from my friend, it is cheap.");
  await reply.getByRole("button", { name: "Post reply" }).click();
  await expect(reply.getByRole("status")).toContainText(HELD_MESSAGE);
  // Its author sees it marked as waiting; a visitor does not see it at all.
  await expect(member.page.getByRole("article", { name: "Reply by Lucas Silva" })).toContainText(
    "Only its author and the moderators can read it.",
  );
  const visitor = await browser.newPage();
  await visitor.goto(topic);
  await expect(visitor.getByRole("heading", { name: "No replies yet" })).toBeVisible();
  await expect(visitor.getByText("buy diploma")).toHaveCount(0);
  await visitor.close();
  await member.context.close();
});

test("no serious accessibility violations on /community and a topic page", async ({ browser }) => {
  const member = await verifiedMember(browser, "Nadia", "Haddad");
  const topic = await postTopicWithApi(member.page, {
    categorySlug: "introductions",
    title: uniqueTitle("Hello from Casablanca, starting a master in Aachen"),
    body: "Hi all!\n\n> Looking forward\n\n`code` and a [link](https://www.daad.de).",
  });
  await member.page.goto(topic);
  await member.page.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(member.page);
  await member.page.goto("/community");
  await member.page.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(member.page);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/community");
  await visitor.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(visitor);
  await visitor.goto(topic);
  await visitor.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(visitor);
  await visitorContext.close();
  await member.context.close();
});

test("members like, quote, flag, edit and delete posts, and watch a category", async ({ browser }) => {
  const asker = await verifiedMember(browser, "Elif", "Yilmaz");
  const other = await verifiedMember(browser, "Tomas", "Novak");
  const title = uniqueTitle("Is the semester ticket part of the semester contribution");
  const topic = await postTopicWithApi(asker.page, { categorySlug: "off-topic", title, body: "In Berlin, is it?" });

  await other.page.goto(topic);
  await other.page.waitForLoadState("networkidle");
  const question = other.page.getByRole("article", { name: "Question" });
  await question.getByRole("button", { name: /^Like/ }).click();
  await expect(question.getByRole("button", { name: "Liked 1" })).toHaveAttribute("aria-pressed", "true");

  // Quote puts the question into the reply box as a Markdown quote.
  await question.getByRole("button", { name: "Quote" }).click();
  const box = other.page.getByRole("form", { name: "Reply" }).getByLabel("Your reply");
  await expect(box).toHaveValue(/^@elif_yilmaz\d* wrote:\n> In Berlin, is it\?\n\n$/);
  await box.fill(`${await box.inputValue()}Yes, in Berlin it is.`);
  await other.page.getByRole("button", { name: "Post reply" }).click();
  const reply = other.page.getByRole("article", { name: "Reply by Tomas Novak" });
  await expect(reply.locator("blockquote")).toContainText("In Berlin, is it?");

  // A flag with its reason and note.
  await question.getByRole("button", { name: "Flag" }).click();
  const flag = other.page.getByRole("dialog", { name: "Flag this post" });
  await flag.getByLabel("Off topic").check();
  await flag.getByLabel("Note for the moderators (optional)").fill("This belongs in Money, not Off topic.");
  await flag.getByRole("button", { name: "Send flag" }).click();
  await expect(other.page.getByText("Thank you. The moderators will look at this post.")).toBeVisible();
  await expect(flag).toBeHidden();

  // Editing one's own reply, with a preview; "edited" is shown.
  await reply.getByRole("button", { name: "Edit" }).click();
  const edit = reply.getByRole("form", { name: "Edit post" });
  await edit.getByLabel("Text", { exact: true }).fill("Yes, in Berlin the **ticket** is included.");
  await edit.getByRole("tab", { name: "Preview" }).click();
  await expect(edit.getByTestId("markdown-preview").locator("strong")).toHaveText("ticket");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(reply).toContainText("Yes, in Berlin the ticket is included.");
  await expect(reply.getByText(/edited/)).toBeVisible();

  // Deleting it after confirming leaves its place.
  await reply.getByRole("button", { name: "Delete" }).click();
  await other.page.getByRole("dialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete" }).click();
  await expect(reply).toContainText("Deleted by its author.");
  await expect(reply.getByRole("button", { name: "Edit" })).toHaveCount(0);

  // The asker is told of the like, and sees its count on their own post.
  await asker.page.goto("/community/notifications");
  await expect(asker.page.getByRole("link", { name: `Tomas Novak liked your post in “${title}”` })).toBeVisible();
  await asker.page.goto(topic);
  await expect(asker.page.getByRole("article", { name: "Question" }).getByText("1 like")).toBeVisible();

  // The asker renames the topic: the title and the address follow.
  await asker.page.waitForLoadState("networkidle");
  const renamed = uniqueTitle("Is the Berlin semester ticket in the contribution");
  const askerQuestion = asker.page.getByRole("article", { name: "Question" });
  await askerQuestion.getByRole("button", { name: "Edit" }).click();
  await askerQuestion.getByRole("form", { name: "Edit post" }).getByLabel("Title", { exact: true }).fill(renamed);
  await askerQuestion.getByRole("button", { name: "Save changes" }).click();
  await expect(asker.page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  await expect(asker.page).toHaveURL(/\/t\/is-the-berlin-semester-ticket-in-the-contribution/);

  // Watching a category is kept.
  await other.page.goto("/community/c/off-topic");
  await other.page.getByRole("button", { name: "Watch" }).click();
  await expect(other.page.getByRole("button", { name: "Watching" })).toHaveAttribute("aria-pressed", "true");
  await other.page.reload();
  await expect(other.page.getByRole("button", { name: "Watching" })).toBeVisible();
  await asker.context.close();
  await other.context.close();
});
