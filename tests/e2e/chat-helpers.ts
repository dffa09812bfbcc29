import { expect, type Page } from "@playwright/test";

/** The chat page's composer, its last answer and the tokens-left figure. */
export const composer = (page: Page) => page.getByLabel("Message SwipeAI");
export const lastAnswer = (page: Page) => page.getByTestId("assistant-message").last();
export const tokensLeft = (page: Page) => page.getByTestId("tokens-left");

/** Waits until the answer being written is complete (no Stop button, Copy shown). */
export async function waitForAnswer(page: Page) {
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await expect(lastAnswer(page).getByRole("button", { name: "Copy answer" })).toBeVisible({ timeout: 30_000 });
}

/** Sends a question from the composer and waits for its whole answer. */
export async function askAndWait(page: Page, question: string) {
  const before = await page.getByTestId("assistant-message").count();
  await composer(page).fill(question);
  await composer(page).press("Enter");
  await expect(page.getByTestId("assistant-message")).toHaveCount(before + 1, { timeout: 30_000 });
  await waitForAnswer(page);
}
