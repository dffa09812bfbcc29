import { expect, test } from "@playwright/test";
import { askAndWait, composer, lastAnswer, waitForAnswer } from "./chat-helpers";
import { submitLogin } from "./site-helpers";

const BLOCKED_ACCOUNT_QUESTION = "How much money do I need in a blocked account for a German student visa?";

test("asks, streams an answer, stops, regenerates, likes, dislikes with a reason and copies", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/swipe-ai");
  await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
  await expect(page.getByTestId("welcome-placeholder")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled(); // blank input is never sent
  await composer(page).fill("   ");
  await composer(page).press("Enter");
  await expect(page.getByTestId("user-message")).toHaveCount(0);

  // Shift+Enter adds a line; Enter sends the trimmed message.
  await composer(page).fill("  How much is the blocked account?");
  await composer(page).press("Shift+Enter");
  await expect(composer(page)).toHaveValue("  How much is the blocked account?\n");
  await composer(page).fill(`  ${BLOCKED_ACCOUNT_QUESTION}  `);
  await composer(page).press("Enter");
  await expect(page.getByTestId("user-message")).toHaveText(BLOCKED_ACCOUNT_QUESTION);
  await waitForAnswer(page);
  await expect(lastAnswer(page)).toContainText("11,904 EUR");
  await expect(lastAnswer(page).getByTestId("answered-by")).toHaveText("From our guides");
  await expect(page).toHaveURL(/conversation=/);
  await expect(page.getByTestId("tokens-left")).toContainText("tokens left today");

  // Stop: while the request is under way the Stop button replaces Send and ends it.
  await page.route("**/api/chat", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => {});
  });
  await composer(page).fill("What documents do I need for the visa?");
  await composer(page).press("Enter");
  await expect(page.getByRole("status")).toHaveText("SwipeAI is thinking...");
  await composer(page).fill("Another question while loading");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
  await page.unroute("**/api/chat");

  // Regenerate the last answer: it is replaced, not added.
  await askAndWait(page, "Which health insurance do students need?");
  const answers = await page.getByTestId("assistant-message").count();
  expect(answers).toBe(2);
  const regenerated = page.waitForResponse((response) => response.url().endsWith("/api/chat") && response.status() === 200);
  await lastAnswer(page).getByRole("button", { name: "Regenerate" }).click();
  await regenerated;
  await expect(page.getByTestId("assistant-message")).toHaveCount(answers);
  await waitForAnswer(page);
  await expect(lastAnswer(page)).toContainText(/insurance/i);

  // Like, then dislike with a reason: mutually exclusive, each sent as feedback.
  const answer = lastAnswer(page);
  const liked = page.waitForRequest((request) => request.url().endsWith("/api/feedback") && request.postDataJSON().feedbackType === "like");
  await answer.getByRole("button", { name: "Like", exact: true }).click();
  const likeRequest = await liked;
  expect(likeRequest.headers()["x-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(likeRequest.postDataJSON()).toMatchObject({
    userId: "anonymous",
    userType: "student",
    isStreaming: true,
    chatModel: "local",
    ragEnabled: false,
  });
  await expect(answer.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");

  await answer.getByRole("button", { name: "Dislike", exact: true }).click();
  await expect(answer.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
  const panel = answer.getByRole("group", { name: "Why didn't you like this answer?" });
  for (const reason of [
    "Shouldn't have used Memory",
    "Don't like the personality",
    "Don't like the style",
    "Not factually correct",
    "Didn't fully follow instructions",
  ]) {
    await expect(panel.getByRole("button", { name: reason })).toBeVisible();
  }
  const disliked = page.waitForResponse(
    (response) => response.url().endsWith("/api/feedback") && response.request().postDataJSON().dislikeReason === "Not factually correct",
  );
  await panel.getByRole("button", { name: "Not factually correct" }).click();
  expect((await disliked).status()).toBe(201);
  await panel.getByLabel("Tell us more (optional)").fill("The amount looks old.");
  const commented = page.waitForResponse(
    (response) => response.url().endsWith("/api/feedback") && response.request().postDataJSON().customFeedback === "The amount looks old.",
  );
  await panel.getByRole("button", { name: "Send comment" }).click();
  expect((await commented).status()).toBe(201);
  await expect(panel).toHaveCount(0);
  // A second dislike click removes the dislike.
  await answer.getByRole("button", { name: "Dislike", exact: true }).click();
  await expect(answer.getByRole("button", { name: "Dislike", exact: true })).toHaveAttribute("aria-pressed", "false");

  // Copy shows 'Copied!' for 3 s.
  await answer.getByRole("button", { name: "Copy answer" }).click();
  await expect(answer.getByRole("button", { name: "Copy answer" })).toHaveText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("insurance");
  await expect(answer.getByRole("button", { name: "Copy answer" })).toHaveText("Copy", { timeout: 5000 });

  // A reload through ?conversation= brings the conversation back.
  await page.reload();
  await expect(page.getByTestId("user-message").first()).toHaveText(BLOCKED_ACCOUNT_QUESTION);
  await expect(page.getByTestId("assistant-message")).toHaveCount(answers);
});

test("Deep Thinking shows how relevant the sources are; an off-topic question gets an honest answer", async ({ page }) => {
  await page.goto("/swipe-ai");
  await page.getByRole("button", { name: "Deep Thinking" }).click();
  await expect(page.getByRole("button", { name: "Deep Thinking" })).toHaveAttribute("aria-pressed", "true");
  const response = page.waitForResponse((r) => r.url().endsWith("/api/chat-rag"));
  await composer(page).fill(BLOCKED_ACCOUNT_QUESTION);
  await composer(page).press("Enter");
  const headers = (await response).headers();
  expect(Number(headers["x-confidence-score"])).toBeGreaterThan(0.5);
  expect(Number(headers["x-sources-count"])).toBeGreaterThan(0);
  await waitForAnswer(page);
  const confidence = lastAnswer(page).getByTestId("confidence");
  await expect(confidence).toHaveText(/^Relevant: \d{1,3}\.\d%$/);
  await expect(confidence).toHaveText(`Relevant: ${(Number(headers["x-confidence-score"]) * 100).toFixed(1)}%`);
  await expect(lastAnswer(page)).toContainText(/20\d\d/);

  // A new conversation, so that the earlier question is not part of the context.
  await page.goto("/swipe-ai?conversation=off-topic-0001");
  await page.getByRole("button", { name: "Deep Thinking" }).click();
  await askAndWait(page, "What is the best pizza topping in Naples?");
  await expect(lastAnswer(page).getByTestId("confidence")).toHaveAttribute("data-tone", "red");
  await expect(lastAnswer(page)).toContainText("I don't know");
  // An answer that does not know offers to ask the community, with the question filled in.
  await expect(lastAnswer(page).getByRole("link", { name: /Ask the community/ })).toHaveAttribute(
    "href",
    "/community/new?title=What+is+the+best+pizza+topping+in+Naples%3F",
  );

  // A like that cannot be sent is reverted, and the user is told.
  await page.route("**/api/feedback", (route) => route.abort());
  await lastAnswer(page).getByRole("button", { name: "Like", exact: true }).click();
  await expect(page.getByText("Network error while sending feedback")).toBeVisible();
  await expect(lastAnswer(page).getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
});

test("the welcome placeholder rotates and a suggested question is asked with one click", async ({ page }) => {
  await page.goto("/swipe-ai");
  const placeholder = page.getByTestId("welcome-placeholder");
  const first = await placeholder.textContent();
  await expect(placeholder).not.toHaveText(first!, { timeout: 6000 });
  const chip = page.getByRole("list", { name: "Suggested questions" }).getByRole("button").first();
  const question = (await chip.textContent())!;
  await chip.click();
  await expect(page.getByTestId("user-message")).toHaveText(question);
  await waitForAnswer(page);
});

test("the mini chat appears after scrolling on other pages and opens the chat with the question", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => (document.body.style.minHeight = "3000px"));
  const mini = page.getByRole("search", { name: "Ask SwipeAI" });
  await expect(mini).toHaveCount(0);
  await page.mouse.wheel(0, 400);
  await expect(mini).toBeVisible();
  await expect(mini.getByRole("button", { name: "Ask" })).toBeDisabled();
  await mini.getByLabel("Ask SwipeAI a question").fill("  Can I work while studying in Germany?  ");
  await mini.getByRole("button", { name: "Ask" }).click();
  await expect(page).toHaveURL(/\/swipe-ai/);
  await expect(page.getByTestId("user-message")).toHaveText("Can I work while studying in Germany?");
  await waitForAnswer(page);
  await expect(lastAnswer(page)).toContainText(/work|hours|days/i);

  // Never on the chat itself.
  await page.evaluate(() => (document.body.style.minHeight = "3000px"));
  await page.mouse.wheel(0, 400);
  await expect(page.getByRole("search", { name: "Ask SwipeAI" })).toHaveCount(0);
});

test("a prompt link without autoSubmit only fills the composer", async ({ page }) => {
  await page.goto("/swipe-ai?message=What%20is%20uni-assist%3F");
  await expect(composer(page)).toHaveValue("What is uni-assist?");
  await page.waitForTimeout(1200);
  await expect(page.getByTestId("user-message")).toHaveCount(0);
});

test("a signed-in user finds past conversations, renames and deletes them", async ({ page }) => {
  const email = `chat-${Date.now()}@example.com`;
  const signup = await page.request.post("/api/auth/signup", {
    data: { firstName: "Ada", lastName: "Chat", email, password: "a-strong-password" },
  });
  expect(signup.ok()).toBe(true);
  await page.goto("/swipe-ai");
  await submitLogin(page, email, "a-strong-password");
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

  await askAndWait(page, "What is the APS certificate?");
  await expect(page.getByTestId("tokens-left")).toContainText("tokens left this month");
  const list = page.getByRole("complementary", { name: "Your conversations" });
  await expect(list.getByRole("button", { name: "What is the APS certificate?", exact: true })).toBeVisible();
  const url = page.url();

  // Another tab (no session storage) reloads it from the server through ?conversation=.
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(other.getByTestId("user-message")).toHaveText("What is the APS certificate?");
  await expect(other.getByTestId("assistant-message")).toHaveCount(1);
  await other.close();

  await list.getByRole("button", { name: "Rename What is the APS certificate?" }).click();
  await list.getByLabel("Conversation title").fill("APS notes");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("button", { name: "APS notes", exact: true })).toBeVisible();
  await list.getByRole("button", { name: "Delete APS notes" }).click();
  await page.getByRole("dialog", { name: "Delete this conversation?" }).getByRole("button", { name: "Delete conversation" }).click();
  await expect(list.getByText("No conversations yet.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
});

test("at the end of the allowance the chat says so and links to pricing", async ({ page }) => {
  await page.goto("/swipe-ai");
  await expect(page.getByTestId("tokens-left")).toBeVisible();
  const sessionId = await page.evaluate(() => sessionStorage.getItem("swipeai-session-id"));
  expect(sessionId).toBeTruthy();
  // Use up this browser session's allowance through the API, as a busy visitor would.
  let status = 200;
  const question = "Explain the whole student visa process step by step";
  for (let i = 0; i < 100 && status !== 429; i++) {
    const response = await page.request.post("/api/chat", {
      headers: { "x-session-id": sessionId! },
      data: { messages: [{ role: "user", content: question }] },
    });
    status = response.status();
    await response.body();
  }
  expect(status).toBe(429);
  await composer(page).fill(question);
  await composer(page).press("Enter");
  const banner = page.getByTestId("chat-error");
  await expect(banner).toContainText("You have used the free tokens for visitors today.");
  await expect(banner.getByRole("link", { name: "See plans and pricing" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByTestId("tokens-left")).toContainText(/^\d[\d,]* tokens left today$/);
});
