import { expect, type Page, test } from "@playwright/test";
import { sampleJpeg, samplePdf } from "../helpers/documents";
import { deleteAccount, expectNoSeriousAxeViolations, signUpAdmin, signUpAndLogIn, subscribeWithTestCard } from "./site-helpers";

/** Uploads a file in the profile's Documents tab, as a student does. */
async function uploadInProfile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, name: string) {
  await page.goto("/profile?tab=documents");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "New document" });
  await form.getByLabel("Upload a document").setInputFiles(file);
  await form.getByLabel("Name (optional)").fill(name);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("region", { name: "Your documents" }).getByRole("listitem", { name })).toBeVisible();
}

test("a Pro user uploads a PDF and a JPEG and asks for a review; staff comment and complete; the user reads the comments and uploads version 2", async ({
  page,
  browser,
}) => {
  const student = await signUpAndLogIn(page);
  await subscribeWithTestCard(page, "Pro");
  await uploadInProfile(page, { name: "cv.pdf", mimeType: "application/pdf", buffer: samplePdf() }, "Europass CV");
  await uploadInProfile(page, { name: "passport.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg() }, "Passport scan");

  await page.goto("/services/document-review");
  await page.waitForLoadState("networkidle");
  const panel = page.getByRole("region", { name: "Request Document Review" });
  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByText("Choose at least one of your documents to review")).toBeVisible();
  await expect(panel.getByText("Choose what the documents are for")).toBeVisible();
  await panel.getByRole("checkbox", { name: /Europass CV/ }).check();
  await panel.getByRole("checkbox", { name: /Passport scan/ }).check();
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
  await expect(page.getByRole("link", { name: "Download Europass CV, version 1" })).toHaveAttribute(
    "href",
    /^\/api\/documents\/[^/]+\/download\?version=1$/,
  );
  await expect(page.getByRole("link", { name: "Download Passport scan, version 1" })).toBeVisible();
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

    const commentForm = staff.getByRole("form", { name: "Comment on Europass CV, version 1" });
    await commentForm.getByRole("textbox").fill("Put your education before your work experience.");
    await commentForm.getByRole("button", { name: "Add comment" }).click();
    await expect(staff.getByRole("list", { name: "Comments on Europass CV, version 1" })).toContainText(
      "Put your education before your work experience.",
    );

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
  await expect(page.getByRole("list", { name: "Comments on Europass CV, version 1" })).toContainText(
    "Put your education before your work experience.",
  );
  const verdict = page.getByTestId("review-verdict");
  await expect(verdict).toContainText("A clear CV; add the APS certificate before you apply.");
  await expect(verdict).toContainText("The APS certificate is missing");
  await expect(page.getByRole("button", { name: "Ask for a re-check" })).toBeVisible();

  // The student fixes the CV and uploads version 2; version 1 and its comment stay.
  const cv = page.getByRole("list", { name: "Documents" }).getByRole("listitem").filter({ hasText: "Europass CV" }).first();
  await cv.getByText("Upload a new version").click();
  await cv
    .getByLabel("New version of Europass CV")
    .setInputFiles({ name: "cv-v2.pdf", mimeType: "application/pdf", buffer: samplePdf("Second version") });
  await cv.getByRole("button", { name: "Upload version" }).click();
  await expect(page.getByRole("link", { name: "Download Europass CV, version 2" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download Europass CV, version 1" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Comments on Europass CV, version 1" })).toContainText(
    "Put your education before your work experience.",
  );

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
