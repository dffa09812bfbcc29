import { expect, test } from "@playwright/test";
import { deleteAccount, signUpAdmin } from "./site-helpers";

test("a figure older than a year says so in the Cost Calculator, on desktop and phone, and /admin lists it with its source", async ({
  page,
}) => {
  // Munich's semester-ticket share is the figure of summer semester 2023 (its source's latest).
  await page.goto("/tools/cost-calculator?city=munich&housing=shared-flat&age=24&lifestyle=typical&sharing=1");
  const result = page.getByRole("article", { name: "Your budget in Munich" });
  const semester = result.getByRole("row").filter({ hasText: "Semester contribution" });
  const note = semester.getByTestId("stale-figure");
  await expect(note).toHaveText("⚠ Figure from summer semester 2023 (the semester-ticket share): it may have changed since.");
  await page.setViewportSize({ width: 390, height: 844 });
  await note.scrollIntoViewIfNeeded();
  await expect(note).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same in the University Finder: Oldenburg's semester contribution of summer semester 2023.
  await page.goto("/tools/university-finder/carl-von-ossietzky-universitaet-oldenburg");
  await expect(page.getByTestId("stale-figure")).toHaveText("⚠ Figure from summer semester 2023: it may have changed since.");

  const admin = await signUpAdmin(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: /^Old figures Tool figures/ }).click();
  await expect(page.getByRole("heading", { name: "Old figures", level: 1 })).toBeVisible();
  const listed = page.getByTestId("old-figure-city:munich.semesterContribution");
  await expect(listed).toContainText("From summer semester 2023 (the semester-ticket share) (1 April 2023)");
  await expect(listed).toContainText("Used in: Cost Calculator, Munich (/tools/cost-calculator)");
  await expect(listed.getByRole("link", { name: "Studentenwerk München - Semesterticket München (Gesamtnetz MVV)" })).toHaveAttribute(
    "href",
    "https://www.studentenwerk-muenchen.de/ueber-uns/semesterticketmuenchen/",
  );
  await expect(page.getByTestId("old-figure-costs.health-insurance.student-rate")).toContainText("From 2025");
  await deleteAccount(page, admin.password);
});
