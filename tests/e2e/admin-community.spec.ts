import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import {
  deleteAccount,
  expectNoSeriousAxeViolations,
  signUpAdmin,
  signUpAndLogIn,
  verifyEmailFromOutbox,
  withDatabase,
} from "./site-helpers";

/**
 * The forum's management pages: a moderator works the review queue (a reply three members flagged
 * is hidden, a post the spam filter held is approved), and categories are created, renamed, moved
 * and archived. Members post and flag through the tRPC API, as the forum's pages do.
 */

interface TrpcAnswer<T> {
  result?: { data: { json: T } };
  error?: { json: { message: string; data?: { httpStatus?: number } } };
}

/** Calls a tRPC mutation as whoever `request` is signed in as. */
async function trpcMutation<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  const answer = (await response.json()) as TrpcAnswer<T>;
  expect(response.ok(), `${procedure}: ${JSON.stringify(answer.error?.json.message)}`).toBe(true);
  return answer.result!.data.json;
}

/** Calls a tRPC query; answers the HTTP status and the data (undefined when it failed). */
async function trpcQuery<T>(
  request: APIRequestContext,
  procedure: string,
  input?: unknown,
): Promise<{ status: number; data: T | undefined }> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await request.get(`/api/trpc/${procedure}${query}`);
  const answer = (await response.json()) as TrpcAnswer<T>;
  return { status: response.status(), data: answer.result?.data.json };
}

interface Member {
  name: string;
  email: string;
  context: BrowserContext;
  mutate: <T>(procedure: string, input: unknown) => Promise<T>;
}

/** A member with a verified email (posting needs one), signed in in a browser context of their own. */
async function verifiedMember(browser: Browser, firstName: string): Promise<Member> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUpAndLogIn(page, { firstName, lastName: "Forum" });
  await verifyEmailFromOutbox(page, user.email);
  await page.close();
  return {
    name: `${firstName} Forum`,
    email: user.email,
    context,
    mutate: (procedure, input) => trpcMutation(context.request, procedure, input),
  };
}

interface PostOutcome {
  topicId: string;
  postId: string;
  held: boolean;
}

interface TopicPage {
  posts: { id: string; body: string | null; placeholder: string | null }[];
}

const FLAGGED_REPLY = "Cheap rooms in every city, message me on another app and pay the deposit in cash first.";
const SPAM_TITLE = "Buy diploma online, fast and discreet";

async function openQueueCard(page: Page, text: string) {
  const card = page.getByRole("article").filter({ hasText: text });
  await expect(card).toBeVisible();
  return card;
}

test("a moderator hides a post three members flagged and approves a held one", async ({ page, browser, request }) => {
  test.setTimeout(180_000); // five accounts sign up and verify their email first
  const [asha, bruno, chen, dana] = [
    await verifiedMember(browser, "Asha"),
    await verifiedMember(browser, "Bruno"),
    await verifiedMember(browser, "Chen"),
    await verifiedMember(browser, "Dana"),
  ];
  const admin = await signUpAdmin(page);
  try {
    // Asha asks; Bruno's reply is flagged by three different members, which hides it.
    const topic = await asha.mutate<PostOutcome>("community.createTopic", {
      categorySlug: "introductions",
      title: "Hello from Nairobi, moving to Leipzig in October",
      body: "I start a master's in Leipzig this winter. Any tips for the first weeks?",
    });
    const reply = await bruno.mutate<PostOutcome>("community.reply", { topicId: topic.topicId, body: FLAGGED_REPLY });
    expect(reply.held).toBe(false);
    const flags = [];
    for (const [member, reason] of [
      [asha, "spam"],
      [chen, "spam"],
      [dana, "inappropriate"],
    ] as const) {
      flags.push(
        await member.mutate<{ hidden: boolean }>("community.flag", {
          postId: reply.postId,
          reason,
          note: `${member.name.split(" ")[0]} thinks this is a scam`,
        }),
      );
    }
    expect(flags.map((flag) => flag.hidden)).toEqual([false, false, true]);

    // Bruno's new topic trips the spam filter: held, and not readable by others.
    const spam = await bruno.mutate<PostOutcome>("community.createTopic", {
      categorySlug: "introductions",
      title: SPAM_TITLE,
      body: "Buy diploma of any German university, delivered in a week. Write to me.",
    });
    expect(spam.held).toBe(true);
    expect((await trpcQuery(request, "community.topic", { topicId: spam.topicId })).status).toBe(404);

    await page.goto("/admin/community");
    await expect(page.getByRole("heading", { level: 1, name: "Community moderation" })).toBeVisible();
    const flagged = await openQueueCard(page, FLAGGED_REPLY);
    await expect(flagged.getByRole("link", { name: "Hello from Nairobi, moving to Leipzig in October" })).toHaveAttribute(
      "href",
      new RegExp(`/community/t/.+/${topic.topicId}#post-1$`),
    );
    await expect(flagged).toContainText("Hidden after flags from 3 members");
    await expect(flagged.getByRole("heading", { name: "Open flags (3)" })).toBeVisible();
    await expect(flagged).toContainText("Spam by Asha Forum");
    await expect(flagged).toContainText("Inappropriate by Dana Forum");
    await expect(flagged).toContainText("“Chen thinks this is a scam”");
    await expect(flagged).toContainText(bruno.email);
    const held = await openQueueCard(page, SPAM_TITLE);
    await expect(held).toContainText("Held for review");
    await expect(held).toContainText("Held by the filter: buy diploma");
    await expectNoSeriousAxeViolations(page);

    // The moderator hides the flagged reply with a reason; others then see its placeholder.
    await flagged.getByRole("group", { name: "Post" }).getByRole("button", { name: "Hide" }).click();
    const hideDialog = page.getByRole("dialog", { name: "Hide this post?" });
    await hideDialog.getByLabel("Note to the author (optional)").fill("Offers that ask for money outside the forum are not allowed.");
    await hideDialog.getByRole("button", { name: "Hide post" }).click();
    await expect(page.getByText("Post hidden.")).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: FLAGGED_REPLY })).toHaveCount(0);
    const topicPage = (await trpcQuery<TopicPage>(request, "community.topic", { topicId: topic.topicId })).data!;
    const hiddenReply = topicPage.posts.find((post) => post.id === reply.postId)!;
    expect(hiddenReply.body).toBeNull();
    expect(hiddenReply.placeholder).toBe("This post is hidden until a moderator reviews it.");
    // On the topic page a visitor sees the placeholder in the reply's place, not its text.
    const visitor = await browser.newPage();
    await visitor.goto(`/community/t/topic/${topic.topicId}`);
    await expect(visitor.getByText("This post is hidden until a moderator reviews it.")).toBeVisible();
    await expect(visitor.getByText(FLAGGED_REPLY)).toHaveCount(0);
    await visitor.close();

    // The spammer is warned by mail; the held topic is locked, moved, then approved and published.
    await held.getByRole("group", { name: "Author" }).getByRole("button", { name: "Warn" }).click();
    const warnDialog = page.getByRole("dialog", { name: "Warn Bruno Forum" });
    await warnDialog.getByLabel("Message to the member").fill("Selling documents is not allowed here. A second time ends your posting.");
    await warnDialog.getByRole("button", { name: "Send warning" }).click();
    await expect(page.getByText("Warning mailed to Bruno Forum.")).toBeVisible();
    const { rows: mails } = await withDatabase((client) =>
      client.query<{ text: string }>(`SELECT text FROM "MailMessage" WHERE "to" = $1 AND kind = 'community-moderation'`, [
        bruno.email.toLowerCase(),
      ]),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Selling documents is not allowed here.");

    await held.getByRole("group", { name: "Topic" }).getByRole("button", { name: "Lock" }).click();
    await expect(page.getByText("Topic locked: it takes no new replies.")).toBeVisible();
    await expect(held.getByRole("group", { name: "Topic" }).getByRole("button", { name: "Unlock" })).toBeVisible();
    await held.getByRole("group", { name: "Topic" }).getByRole("button", { name: "Move" }).click();
    const moveDialog = page.getByRole("dialog", { name: "Move the topic" });
    await moveDialog.getByLabel("New category").selectOption({ label: "Off topic" });
    await moveDialog.getByRole("button", { name: "Move topic" }).click();
    await expect(page.getByText("Topic moved to Off topic.")).toBeVisible();
    await expect(held).toContainText("Opening post in Off topic");

    await held.getByRole("group", { name: "Post" }).getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog", { name: "Approve this post?" }).getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Post approved: it is published.")).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: SPAM_TITLE })).toHaveCount(0);
    const published = await trpcQuery<TopicPage & { topic: { title: string; locked: boolean; category: { slug: string } } }>(
      request,
      "community.topic",
      { topicId: spam.topicId },
    );
    expect(published.status).toBe(200);
    expect(published.data!.topic).toMatchObject({ title: SPAM_TITLE, locked: true, category: { slug: "off-topic" } });
    expect(published.data!.posts[0]!.body).toContain("Buy diploma of any German university");
  } finally {
    for (const member of [asha, bruno, chen, dana]) await member.context.close();
    await deleteAccount(page, admin.password);
  }
});

test("staff create, rename, move and archive a forum category", async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await signUpAdmin(page);
  try {
    await page.goto("/admin/forum-categories");
    await expect(page.getByRole("heading", { level: 1, name: "Forum categories" })).toBeVisible();
    const table = page.getByRole("table", { name: "Forum categories" });
    await expect(table.getByRole("row").filter({ hasText: "Introductions" })).toBeVisible();
    // The rows come from the browser's own request, so the page is interactive now.
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: "New category" }).click();
    const create = page.getByRole("dialog", { name: "New category" });
    await create.getByLabel("Name").fill("Flat swaps");
    await expect(create.getByLabel("Address")).toHaveValue("flat-swaps");
    await create.getByLabel("Description").fill("Swap or sublet a room with another student for a semester.");
    await create.getByRole("button", { name: "Create category" }).click();
    await expect(page.getByText("Category “Flat swaps” created.")).toBeVisible();
    const rows = table.getByRole("row");
    // The new category comes last.
    await expect(rows.last()).toContainText("Flat swaps");
    await expect(rows.last()).toContainText("/community/c/flat-swaps");

    await rows.last().getByRole("button", { name: "Edit “Flat swaps”" }).click();
    const edit = page.getByRole("dialog", { name: "Edit the category" });
    await edit.getByLabel("Name").fill("Flat swaps and sublets");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Category “Flat swaps and sublets” saved.")).toBeVisible();
    await expect(rows.last()).toContainText("Flat swaps and sublets");

    await table.getByRole("button", { name: "Move “Flat swaps and sublets” up" }).click();
    await expect(rows.last()).not.toContainText("Flat swaps and sublets");
    await expect(rows.nth(-2)).toContainText("Flat swaps and sublets");

    const row = table.getByRole("row").filter({ hasText: "Flat swaps and sublets" });
    await row.getByRole("button", { name: "Archive “Flat swaps and sublets”" }).click();
    await expect(page.getByText("“Flat swaps and sublets” is archived: it takes no new topics.")).toBeVisible();
    await expect(row).toContainText("Archived");
    await expect(row.getByRole("button", { name: "Restore “Flat swaps and sublets”" })).toBeVisible();
    // The forum's own list leaves archived categories out.
    const open = await trpcQuery<{ slug: string }[]>(request, "community.categories");
    expect(open.data!.map((category) => category.slug)).not.toContain("flat-swaps");
    expect(open.data!.map((category) => category.slug)).toContain("introductions");

    const { rows: audit } = await withDatabase((client) =>
      client.query<{ action: string }>(
        `SELECT action FROM "AuditLog" WHERE "targetId" = (SELECT id FROM "ForumCategory" WHERE slug = 'flat-swaps') ORDER BY "createdAt"`,
      ),
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      "community.category_created",
      "community.category_updated",
      "community.category_moved",
      "community.category_archived",
    ]);
  } finally {
    await deleteAccount(page, admin.password);
  }
});
