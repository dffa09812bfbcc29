import { expect, type Page, test } from "@playwright/test";
import { deleteAccount, signUpAdmin, withDatabase } from "./site-helpers";

/**
 * /admin tells staff what a plan sells that nobody can deliver yet. It runs on the run's fresh
 * seeded database before any spec leaves staff behind (admin-insights keeps a backoffice account).
 */

const COACHING_WARNING =
  "1-on-1 coaching. No active coach has published hours: Unlimited's 1-on-1 coaching is shown as not bookable yet. Publish coaching hours";
const REVIEW_WARNING =
  "Document review. Nobody can review documents (no support or backoffice staff, no active coach): document review is shown as not open yet. Invite staff";

function warnings(page: Page) {
  return page.getByRole("region", { name: "Sold by a plan, but nobody can deliver it" });
}

/** Sets the account's role on the server's database, as an operator's script does. */
async function setRole(email: string, role: "admin" | "designer") {
  await withDatabase(async (client) => {
    const { rowCount } = await client.query(`UPDATE "User" SET role = $1 WHERE email = $2`, [role, email.toLowerCase()]);
    expect(rowCount).toBe(1);
  });
}

test("/admin warns while nobody can deliver coaching or document review, and the coaching warning goes once a coach publishes hours", async ({
  page,
}) => {
  const admin = await signUpAdmin(page);
  try {
    // A designer alone: nobody on the team can review documents, and no coach has hours.
    await setRole(admin.email, "designer");
    await page.goto("/admin");
    await expect(warnings(page).getByRole("listitem")).toHaveText([COACHING_WARNING, REVIEW_WARNING]);
    await expect(warnings(page).getByRole("link", { name: "Publish coaching hours" })).toHaveAttribute("href", "/admin/coaching");
    await expect(warnings(page).getByRole("link", { name: "Invite staff" })).toHaveAttribute("href", "/admin/staff");

    // An admin can review documents; coaching still has nobody.
    await setRole(admin.email, "admin");
    await page.goto("/admin");
    await expect(warnings(page).getByRole("listitem")).toHaveText([COACHING_WARNING]);

    // The admin makes themself a coach: active, but without hours coaching still cannot be booked.
    await page.goto("/admin/coaches");
    await page.getByRole("button", { name: "Add coach" }).click();
    const form = page.getByRole("form", { name: "Add a coach" });
    await form.getByLabel("Staff account email").fill(admin.email);
    await form.getByRole("button", { name: "Add coach" }).click();
    await expect(page.getByText("Ada Admin is now a coach")).toBeVisible();
    await page.goto("/admin");
    await expect(warnings(page).getByRole("listitem")).toHaveText([COACHING_WARNING]);

    // Hours on Mondays, published from My coaching: the warning is gone.
    await warnings(page).getByRole("link", { name: "Publish coaching hours" }).click();
    await expect(page.getByRole("heading", { name: "My coaching" })).toBeVisible();
    await page.getByRole("button", { name: "Add hours on Monday" }).click();
    await expect(page.getByLabel("Monday from")).toHaveValue("09:00");
    await expect(page.getByLabel("Monday until")).toHaveValue("12:00");
    await page.getByRole("button", { name: "Save weekly hours" }).click();
    await expect(page.getByText("Weekly hours saved.")).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Management" })).toBeVisible();
    await expect(warnings(page)).toHaveCount(0);
  } finally {
    await deleteAccount(page, admin.password);
  }
});
