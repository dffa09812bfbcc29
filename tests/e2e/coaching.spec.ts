import { expect, test } from "@playwright/test";
import {
  deleteAccount,
  expectNoSeriousAxeViolations,
  signUpAdmin,
  signUpAndLogIn,
  subscribeWithTestCard,
  withDatabase,
} from "./site-helpers";

/** Makes the account a coach in Europe/Berlin, open 08:00-20:00 every day. */
async function makeCoach(email: string) {
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [email.toLowerCase()]);
    const coachId = `coach-e2e-${Date.now()}`;
    await client.query(
      `INSERT INTO "Coach" (id, "userId", "displayName", "timeZone", "updatedAt") VALUES ($1, $2, 'Ada Coach', 'Europe/Berlin', now())`,
      [coachId, rows[0]!.id],
    );
    for (let weekday = 1; weekday <= 7; weekday++) {
      await client.query(
        `INSERT INTO "CoachAvailability" (id, "coachId", weekday, "startMinute", "endMinute") VALUES ($1, $2, $3, 480, 1200)`,
        [`${coachId}-${weekday}`, coachId, weekday],
      );
    }
  });
}

test("an Unlimited user books a coach's slot in their own time zone, sees it, cancels it; the outbox holds the invitations to both", async ({
  page,
  browser,
}) => {
  // The coach is the test server's admin, signed in in a window of its own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const admin = await signUpAdmin(staff);
  try {
    await makeCoach(admin.email);
    await staff.goto("/admin/coaching");
    await expect(staff.getByRole("heading", { name: "My coaching" })).toBeVisible();
    await expect(staff.getByRole("group", { name: "Monday" }).getByLabel("Monday from")).toHaveValue("08:00");
    await staff.getByRole("button", { name: "Save weekly hours" }).click();
    await expect(staff.getByText("Weekly hours saved.")).toBeVisible();

    const student = await signUpAndLogIn(page, { firstName: "Priya", lastName: "Sharma" });
    await withDatabase((client) =>
      client.query(`UPDATE "Student" SET "timeZone" = 'Asia/Kolkata' WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`, [
        student.email.toLowerCase(),
      ]),
    );
    await subscribeWithTestCard(page, "Unlimited");

    await page.goto("/services/consultation");
    await page.waitForLoadState("networkidle");
    const panel = page.getByRole("region", { name: "Book a coaching session" });
    await expect(panel.getByTestId("service-usage")).toHaveText("0 service requests this month (unlimited) on your Unlimited plan.");
    await panel.getByRole("button", { name: "Book session" }).click();
    await expect(panel.locator("#booking-coach-error")).toHaveText("Choose a coach");
    await expect(panel.getByText("Describe the topic in at least 5 characters")).toBeVisible();
    await panel.getByLabel("Coach").selectOption({ label: "Ada Coach" });
    await expect(panel.getByTestId("slot-zone")).toHaveText(
      "Times in your time zone: Asia/Kolkata (UTC+05:30). You can change it in your profile.",
    );
    // The second day offered is a whole day: 08:00 in Berlin is 12:30 in India (11:30 while Berlin is on summer time).
    await panel.getByLabel("Day").selectOption({ index: 1 });
    const firstTime = panel.getByRole("group", { name: "Start time" }).locator("label").first();
    await expect(firstTime).toHaveText(/^1[12]:30$/);
    const time = (await firstTime.textContent())!;
    await firstTime.click();
    await panel.getByLabel("Topic").fill("My shortlist of master's programmes");
    await panel.getByRole("button", { name: "Book session" }).click();
    await expect(page.getByText("Your session is booked. The invitation is on its way to your inbox.")).toBeVisible();
    await expect(panel.getByTestId("service-usage")).toHaveText("1 service request this month (unlimited) on your Unlimited plan.");

    const sessions = page.getByRole("region", { name: "Your coaching sessions" });
    const upcoming = sessions.getByRole("list", { name: "Upcoming sessions" }).getByRole("listitem");
    await expect(upcoming).toHaveCount(1);
    await expect(upcoming).toContainText(`, ${time} (Asia/Kolkata, UTC+05:30)`);
    await expect(upcoming).toContainText("With Ada Coach");
    await expect(upcoming).toContainText("My shortlist of master's programmes");

    await page.goto("/profile?tab=account");
    const activity = page.getByRole("region", { name: "Activity" });
    await expect(
      activity
        .locator("div", { has: page.getByText("Total consultations") })
        .last()
        .locator("dd"),
    ).toHaveText("1");

    await page.goto("/services/consultation");
    await expect(upcoming).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    await upcoming.getByRole("button", { name: "Cancel session" }).click();
    await upcoming.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(page.getByText("Your session was cancelled.")).toBeVisible();
    await expect(sessions.getByText("No upcoming sessions.")).toBeVisible();
    await expect(sessions.getByRole("list", { name: "Past sessions" }).getByRole("listitem")).toContainText("Cancelled");
    await expect(panel.getByTestId("service-usage")).toHaveText("0 service requests this month (unlimited) on your Unlimited plan.");

    for (const recipient of [student.email.toLowerCase(), admin.email.toLowerCase()]) {
      await staff.goto(`/admin/outbox?q=${encodeURIComponent(recipient)}`);
      const mails = staff.getByRole("table", { name: "Mails" });
      await expect(mails.getByRole("row", { name: /coaching-booked/ })).toContainText("Calendar invitation");
      await expect(mails.getByRole("row", { name: /coaching-changed/ })).toContainText("Calendar cancellation");
    }
    await staff.goto("/admin/coaching");
    const past = staff.getByRole("list", { name: "Past sessions" }).getByRole("listitem");
    await expect(past).toContainText("Priya Sharma");
    await expect(past).toContainText("Cancelled");
    await expectNoSeriousAxeViolations(staff);
  } finally {
    await deleteAccount(staff, admin.password);
    await staffContext.close();
  }
});
