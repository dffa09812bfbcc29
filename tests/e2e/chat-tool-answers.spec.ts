import { expect, test } from "@playwright/test";
import { askAndWait, lastAnswer } from "./chat-helpers";

// A phone: the card must fit the screen and stay tappable.
test.use({ viewport: { width: 390, height: 844 } });

test("a city-cost question is answered from the calculator's data, and its card opens the calculator pre-filled with the city", async ({
  page,
}) => {
  await page.goto("/swipe-ai");
  await askAndWait(page, "how much is rent in münchen?");

  const answer = lastAnswer(page);
  await expect(answer).toContainText("€315 per month");
  await expect(answer).toContainText("checked 23 November 2026");
  await expect(answer.getByRole("link", { name: "LMU Munich - Accommodation (Munich housing market)" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.en\.uni-muenchen\.de\//,
  );

  const card = answer.getByTestId("tool-link");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Cost Calculator: your budget in Munich");
  await expect(card).toContainText("City: Munich");
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  await card.click();
  await expect(page).toHaveURL(/\/tools\/cost-calculator\?city=munich$/);
  await expect(page.getByRole("combobox", { name: "City" })).toContainText("Munich");

  // The rest of the form is the user's to fill: with it, the budget for Munich.
  await page.getByRole("radio", { name: "Room in a student residence (dorm)" }).check();
  await page.getByRole("spinbutton", { name: "Age" }).fill("24");
  await page.getByRole("button", { name: "Calculate my budget" }).click();
  await expect(page.getByRole("article", { name: "Your budget in Munich" })).toBeVisible();
});
