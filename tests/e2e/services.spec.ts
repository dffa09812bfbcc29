import { expect, test } from "@playwright/test";
import { deleteAccount, signUpAdmin, signUpAndLogIn } from "./site-helpers";

const HELP = "I need the document checklist for my student visa appointment in Delhi.";

test("a Free user requests Visa Assistance once, then meets the monthly limit; consultation needs Unlimited", async ({ page, context }) => {
  await signUpAndLogIn(page);
  await page.goto("/services/visa-assistance");
  const panel = page.getByRole("region", { name: "Request Visa Assistance" });
  await expect(panel.getByTestId("service-usage")).toHaveText("0 of 1 service requests used this month on your Free plan.");
  await expect(panel.getByText("No requests yet.")).toBeVisible();

  // A second tab opened before the first request: its form is stale, so only the server can refuse it.
  const otherTab = await context.newPage();
  await otherTab.goto("/services/visa-assistance");
  await expect(otherTab.getByRole("button", { name: "Send request" })).toBeVisible();

  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByText("Please describe what you need help with in at least 10 characters")).toBeVisible();
  await panel.getByLabel("What do you need help with?").fill(HELP);
  await panel.getByRole("button", { name: "Send request" }).click();

  const requests = panel.getByRole("list", { name: "Your requests" });
  await expect(requests.getByRole("listitem")).toHaveCount(1);
  await expect(requests.getByRole("listitem").first()).toContainText(HELP);
  await expect(requests.getByRole("listitem").first()).toContainText("Pending");
  await expect(requests.getByRole("listitem").first()).toContainText(/Requested \d{1,2} \w{3} \d{4}/);
  await expect(panel.getByTestId("service-usage")).toHaveText("1 of 1 service requests used this month on your Free plan.");
  await expect(panel.getByText("You have used all service requests of your Free plan for this month.")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/pricing?plan=pro");
  await expect(panel.getByRole("button", { name: "Send request" })).toHaveCount(0);

  const otherPanel = otherTab.getByRole("region", { name: "Request Visa Assistance" });
  await otherPanel.getByLabel("What do you need help with?").fill("A second request in the same month, from another tab.");
  await otherPanel.getByRole("button", { name: "Send request" }).click();
  const alert = otherPanel.getByRole("alert");
  await expect(alert).toContainText("Your Free plan includes 1 service request per month and you have used it.");
  await expect(alert.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/pricing?plan=pro");
  await expect(otherPanel.getByRole("list", { name: "Your requests" }).getByRole("listitem")).toHaveCount(1);
  await otherTab.close();

  await page.goto("/billing");
  await expect(page.getByTestId("services-used")).toHaveText("1 of 1");

  await page.goto("/services/consultation");
  const consultation = page.getByRole("region", { name: "Book a coaching session" });
  await expect(consultation.getByText("Consultation is not part of your Free plan: it needs the Unlimited plan.")).toBeVisible();
  await expect(consultation.getByRole("link", { name: "Upgrade to Unlimited" })).toHaveAttribute("href", "/pricing?plan=unlimited");
  await expect(consultation.getByRole("button", { name: "Book session" })).toHaveCount(0);

  // Withdrawing the pending request frees the month's request again; the request stays, marked withdrawn.
  await page.goto("/services/visa-assistance");
  await panel.getByRole("button", { name: "Withdraw" }).click();
  await expect(requests.getByRole("listitem").first()).toContainText("Withdrawn");
  await expect(panel.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await expect(panel.getByTestId("service-usage")).toHaveText("0 of 1 service requests used this month on your Free plan.");
});

test("anonymous visitors are asked to log in to request a service", async ({ page }) => {
  await page.goto("/services/career-guidance");
  await page.getByRole("button", { name: "Log in to request" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
});

test("the applications tracker adds an application, shows a past deadline, and stops at the Free limit", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/tools/university-finder");
  const tracker = page.getByRole("region", { name: "Your university applications" });
  await expect(tracker.getByTestId("applications-usage")).toHaveText("0 of 1 applications tracked on your Free plan.");

  const form = tracker.getByRole("form", { name: "Add an application" });
  await form.getByRole("button", { name: "Add application" }).click();
  await expect(form.getByText("University is required")).toBeVisible();
  await expect(form.getByText("Application deadline is required")).toBeVisible();

  await form.getByLabel("University").fill("Technical University of Munich");
  await form.getByLabel("Programme").fill("M.Sc. Informatics");
  await form.getByLabel("Program type").selectOption({ label: "Master" });
  // The 15th of last month: a deadline that has passed.
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15);
  const iso = `${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, "0")}-15`;
  await form.getByRole("button", { name: "Application deadline" }).click();
  await page.getByRole("button", { name: "Previous month" }).click();
  await page.getByRole("button", { name: iso, exact: true }).click();
  await form.getByLabel("Notes (optional)").fill("Send the APS certificate first.");
  await form.getByRole("button", { name: "Add application" }).click();

  const item = tracker.getByRole("list", { name: "Tracked applications" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Technical University of Munich");
  await expect(item).toContainText("M.Sc. Informatics · Master");
  await expect(item).toContainText(`Deadline ${iso} (Deadline passed)`);
  await expect(item).toContainText("Send the APS certificate first.");
  await expect(tracker.getByTestId("applications-usage")).toHaveText("1 of 1 applications tracked on your Free plan.");
  await expect(tracker.getByText("Your Free plan tracks up to 1 application. Delete one, or upgrade to track more.")).toBeVisible();
  await expect(tracker.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/pricing?plan=pro");
  await expect(tracker.getByRole("form", { name: "Add an application" })).toHaveCount(0);

  await item.getByLabel("Status of Technical University of Munich").selectOption({ label: "Applied" });
  await expect(page.getByText("Status updated")).toBeVisible();
  await page.reload();
  await expect(tracker.getByLabel("Status of Technical University of Munich")).toHaveValue("applied");

  await tracker.getByRole("button", { name: "Delete Technical University of Munich" }).click();
  await expect(tracker.getByText("No applications tracked yet.")).toBeVisible();
  await expect(tracker.getByRole("form", { name: "Add an application" })).toBeVisible();
});

test("staff see the request in the support queue and move it; the student sees the new status", async ({ page, browser }) => {
  const student = await signUpAndLogIn(page);
  await page.goto("/services/career-guidance");
  const panel = page.getByRole("region", { name: "Request Career Guidance" });
  await panel.getByLabel("What do you need help with?").fill("How many hours may I work as a Werkstudent during the semester?");
  await panel.getByRole("button", { name: "Send request" }).click();
  await expect(panel.getByText("Pending")).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  // The one admin address of the test server: verified and with two-factor sign-in, as /admin
  // requires; deleted afterwards, so that other browser tests can sign it up again.
  const admin = await signUpAdmin(staff);
  try {
    await staff.goto("/admin/support");
    const request = staff.getByRole("table", { name: "Service requests" }).getByRole("row").filter({ hasText: student.email });
    await expect(request).toContainText("Career Guidance");
    await expect(request).toContainText("standard");
    await request.getByLabel(`Status of the request from ${student.email}`).selectOption({ label: "Processing" });
    await expect(staff.getByText("Request status updated")).toBeVisible();
  } finally {
    await deleteAccount(staff, admin.password);
    await staffContext.close();
  }

  await page.reload();
  await expect(panel.getByRole("listitem").first()).toContainText("Processing");
  await expect(panel.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
});

test("the support queue is for staff only", async ({ page }) => {
  await signUpAndLogIn(page);
  const response = await page.goto("/admin/support");
  expect(response?.status()).toBe(403);
});
