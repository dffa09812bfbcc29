import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { sampleExe, sampleJpeg, samplePdf } from "../helpers/documents";
import { expectNoSeriousAxeViolations, signUpAndLogIn } from "./site-helpers";

const WRONG_TYPE = "This file is not a PDF, JPEG, PNG or Word document (.docx).";

async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, name?: string) {
  const form = page.getByRole("form", { name: "New document" });
  await form.getByLabel("Upload a document").setInputFiles(file);
  await expect(form.getByText(file.name)).toBeVisible();
  if (name) await form.getByLabel("Name (optional)").fill(name);
  await form.getByRole("button", { name: "Upload", exact: true }).click();
}

test("a user uploads a PDF and a JPEG, a renamed program is refused, and documents download, rename and delete", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/profile?tab=documents");
  await page.waitForLoadState("networkidle");
  const list = page.getByRole("region", { name: "Your documents" });
  await expect(list.getByText("No documents yet. Upload your first one above.")).toBeVisible();
  await expect(page.getByTestId("documents-quota")).toHaveText("0 bytes of 100 MB");

  await uploadFile(page, { name: "transcript.pdf", mimeType: "application/pdf", buffer: samplePdf() }, "Bachelor transcript");
  await expect(list.getByRole("listitem", { name: "Bachelor transcript" })).toContainText(
    /PDF · 1 version · \d+ KB|PDF · 1 version · \d+ bytes/,
  );
  await uploadFile(page, { name: "passport-photo.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg() });
  const photo = list.getByRole("listitem", { name: "passport-photo" });
  await expect(photo).toContainText("JPEG · 1 version");
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // A Windows program renamed .pdf passes the browser's check by name, and the server refuses it by its bytes.
  await uploadFile(page, { name: "diploma.pdf", mimeType: "application/pdf", buffer: sampleExe() });
  await expect(page.getByRole("form", { name: "New document" }).getByRole("alert")).toHaveText(WRONG_TYPE);
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Download: the file as it was uploaded, under its name.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    list.getByRole("link", { name: "Download Bachelor transcript" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("transcript.pdf");
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  // Rename inline.
  await list.getByRole("button", { name: "Rename Bachelor transcript" }).click();
  await list.getByLabel("Document name").fill("Transcript of records");
  await list.getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("heading", { name: "Transcript of records" })).toBeVisible();

  // Delete after the confirmation dialog.
  await photo.getByRole("button", { name: "Delete passport-photo" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete document" });
  await expect(dialog).toContainText("Delete “passport-photo” with all its versions?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem", { name: "Transcript of records" })).toBeVisible();

  // A new version keeps the first.
  await list.getByRole("button", { name: "Upload new version of Transcript of records" }).click();
  const versionDialog = page.getByRole("dialog", { name: "Upload new version" });
  await versionDialog
    .getByLabel("New version")
    .setInputFiles({ name: "transcript-v2.pdf", mimeType: "application/pdf", buffer: samplePdf("Second version") });
  await versionDialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(versionDialog).toBeHidden();
  await expect(list.getByRole("listitem", { name: "Transcript of records" })).toContainText("PDF · 2 versions");

  await page.getByRole("tab", { name: "Account" }).click();
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(
    activity
      .locator("div", { has: page.getByText("Documents uploaded") })
      .last()
      .locator("dd"),
  ).toHaveText("1");
});

test("the Documents tab on a 375 px phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndLogIn(page);
  await page.goto("/profile?tab=documents");
  await page.waitForLoadState("networkidle");
  await uploadFile(page, {
    name: "Motivation letter for the Technical University of Munich, final version.pdf",
    mimeType: "application/pdf",
    buffer: samplePdf(),
  });
  const list = page.getByRole("region", { name: "Your documents" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The success toast is checked elsewhere; the tab itself is what is looked at here.
  await page.getByRole("button", { name: "Close toast" }).click();
  await expect(page.getByRole("button", { name: "Close toast" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("documents-375.png"), fullPage: true });
  await expectNoSeriousAxeViolations(page);
});
