import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { deleteAccount, expectNoSeriousAxeViolations, signUpAdmin, signUpAndLogIn, subscribeWithTestCard, withDatabase } from "./site-helpers";

/** A document of the user with one version, as the documents' upload route stores it. */
async function insertDocument(email: string, name: string) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [email]);
    const documentId = `doc_${randomUUID()}`;
    await client.query(`INSERT INTO "Document" (id, "userId", name, "updatedAt") VALUES ($1, $2, $3, now())`, [documentId, rows[0]!.id, name]);
    await client.query(
      `INSERT INTO "DocumentVersion" (id, "documentId", version, "storageKey", "fileName", "mimeType", "sizeBytes") VALUES ($1, $2, 1, $3, $4, 'application/pdf', 2048)`,
      [`ver_${randomUUID()}`, documentId, `e2e/${randomUUID()}`, `${name}.pdf`],
    );
    return documentId;
  });
}

test("a Pro user asks for a document review; staff comment and complete; the user reads the comments and the verdict", async ({ page, browser }) => {
  const student = await signUpAndLogIn(page);
  await subscribeWithTestCard(page, "Pro");
  const documentId = await insertDocument(student.email, "Europass CV");

  await page.goto("/services/document-review");
  await page.waitForLoadState("networkidle");
  const panel = page.getByRole("region", { name: "Request Document Review" });
  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByText("Choose at least one of your documents to review")).toBeVisible();
  await expect(panel.getByText("Choose what the documents are for")).toBeVisible();
  await panel.getByRole("checkbox", { name: /Europass CV/ }).check();
  await panel.getByLabel("What are the documents for?").selectOption({ label: "uni-assist application" });
  await panel.getByLabel("What do you need help with?").fill("Please check my CV before I apply through uni-assist.");
  await panel.getByRole("button", { name: "Send request" }).click();
  const item = panel.getByRole("list", { name: "Your requests" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Pending");

  await item.getByRole("link").click();
  await expect(page).toHaveURL(/\/services\/requests\//);
  const requestUrl = page.url();
  await expect(page.getByRole("heading", { name: "Document Review" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download Europass CV, version 1" })).toHaveAttribute("href", `/api/documents/${documentId}/download?version=1`);
  // The fading "Request sent" toast of the services page is not part of this page.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const admin = await signUpAdmin(staff);
  try {
    await staff.goto("/admin/support");
    const row = staff.getByRole("table", { name: "Service requests" }).getByRole("row").filter({ hasText: student.email });
    await expect(row).toContainText("high");
    await row.getByRole("link", { name: "Document Review" }).click();
    await expect(staff.getByRole("heading", { name: "Document Review request" })).toBeVisible();
    await staff.waitForLoadState("networkidle");

    await staff.getByRole("textbox", { name: "Comment on Europass CV, version 1" }).fill("Put your education before your work experience.");
    await staff.getByRole("button", { name: "Add comment" }).click();
    await expect(staff.getByRole("list", { name: "Comments on Europass CV, version 1" })).toContainText("Put your education before your work experience.");

    const complete = staff.getByRole("form", { name: "Complete the review" });
    await complete.getByRole("button", { name: "Complete review" }).click();
    await expect(complete.getByText("Write the overall verdict")).toBeVisible();
    await complete.getByLabel("Verdict for the student").fill("A clear CV; add the APS certificate before you apply.");
    await complete.getByRole("checkbox", { name: "The APS certificate is missing" }).check();
    await complete.getByRole("button", { name: "Complete review" }).click();
    await expect(staff.getByText("Review completed")).toBeVisible();
    await expect(staff.getByTestId("review-verdict")).toContainText("A clear CV");
    await expect(staff.locator("[data-sonner-toast]")).toHaveCount(0);
    await expectNoSeriousAxeViolations(staff);
  } finally {
    await deleteAccount(staff, admin.password);
    await staffContext.close();
  }

  await page.goto(requestUrl);
  await expect(page.getByTestId("request-status")).toHaveText("Completed");
  await expect(page.getByRole("list", { name: "Comments on Europass CV, version 1" })).toContainText("Put your education before your work experience.");
  const verdict = page.getByTestId("review-verdict");
  await expect(verdict).toContainText("A clear CV; add the APS certificate before you apply.");
  await expect(verdict).toContainText("The APS certificate is missing");
  await expect(page.getByRole("button", { name: "Ask for a re-check" })).toBeVisible();

  // The profile's Services tab leads to the same page.
  await page.goto("/profile?tab=services");
  const mine = page.getByRole("list", { name: "Your service requests" }).getByRole("listitem");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Completed");
  await mine.getByRole("link", { name: "Document Review" }).click();
  await expect(page).toHaveURL(requestUrl);
});

test("another user's request page is 404", async ({ page, browser }) => {
  await signUpAndLogIn(page);
  await page.goto("/services/visa-assistance");
  await page.waitForLoadState("networkidle");
  const panel = page.getByRole("region", { name: "Request Visa Assistance" });
  await panel.getByLabel("What do you need help with?").fill("Which documents does the embassy in Lagos ask for?");
  await panel.getByRole("button", { name: "Send request" }).click();
  await panel.getByRole("list", { name: "Your requests" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/services\/requests\//);
  const url = new URL(page.url()).pathname;

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUpAndLogIn(other);
  const response = await other.goto(url);
  expect(response?.status()).toBe(404);
  await otherContext.close();
});
