import { expect, test } from "@playwright/test";
import { deleteAccount, logIn, mailLink, setUpTwoFactor, signUpAdmin } from "./site-helpers";

test("an admin invites a designer, who joins with a password and two-factor sign-in, sees only the designer's sections and edits a question students see", async ({
  page,
  browser,
}) => {
  const admin = await signUpAdmin(page);
  const designerEmail = `designer-${Date.now()}@example.com`;
  const designerPassword = "copper lantern drifts north";
  const designerContext = await browser.newContext();
  const designer = await designerContext.newPage();
  try {
    // The admin sends the invitation from /admin/staff.
    await page.goto("/admin/staff");
    const form = page.getByRole("form", { name: "Invite a staff member" });
    await form.getByLabel("Email").fill(designerEmail);
    await form.getByLabel("Role").selectOption("designer");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${designerEmail}.`)).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: designerEmail }),
    ).toContainText("Designer");

    // The designer opens the mail's link and chooses a name and a password.
    await designer.goto(await mailLink(designerEmail, "staff-invite", "/invite"));
    await expect(designer.getByRole("heading", { name: "Join the team" })).toBeVisible();
    await expect(designer.getByText(designerEmail)).toBeVisible();
    const accept = designer.getByRole("form", { name: "Create your account" });
    await accept.getByLabel("First name").fill("Dora");
    await accept.getByLabel("Last name").fill("Designer");
    await accept.getByLabel("Password", { exact: true }).fill(designerPassword);
    await accept.getByLabel("Confirm password").fill(designerPassword);
    await accept.getByRole("button", { name: "Create account and accept" }).click();
    await expect(designer.getByText(`Welcome to the team: ${designerEmail} is now designer.`)).toBeVisible();
    await expect(designer.getByText("asks you to set up two-factor sign-in")).toBeVisible();

    // Signed in, /admin first answers 403 and asks for two-factor sign-in.
    await logIn(designer, designerEmail, designerPassword);
    expect((await designer.goto("/admin"))?.status()).toBe(403);
    await expect(designer.getByRole("alert").filter({ hasText: "Two-factor sign-in required" })).toBeVisible();
    await setUpTwoFactor(designer);

    // Then the designer's sections, and no others.
    await designer.goto("/admin");
    const sections = designer.getByRole("navigation", { name: "Management sections" });
    await expect(sections.getByRole("link", { name: "Content" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Mail templates" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Staff and roles" })).toHaveCount(0);
    await expect(sections.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await expect(sections.getByRole("link", { name: "Customers" })).toHaveCount(0);
    expect((await designer.goto("/admin/staff"))?.status()).toBe(403);
    expect((await designer.goto("/admin/audit"))?.status()).toBe(403);

    // The designer rewords a question of the admission topic; /students shows it at once.
    const original = "How do I check my certificate in anabin or the DAAD admission database?";
    const reworded = `How can I find out in anabin whether my certificate is recognised? (${Date.now()})`;
    const editQuestion = async (from: string, to: string) => {
      await designer.goto("/admin/content");
      await designer.getByRole("link", { name: "University admission & applications" }).first().click();
      await designer.getByRole("button", { name: `Edit “${from}”` }).click();
      await designer.getByLabel("Question text").fill(to);
      await designer.getByRole("button", { name: "Save", exact: true }).click();
      await expect(designer.getByRole("row").filter({ hasText: to })).toBeVisible();
    };
    await editQuestion(original, reworded);
    await designer.goto("/students");
    const admission = designer.getByRole("region", { name: "Questions about University admission & applications" });
    await expect(admission).toContainText(reworded);
    await expect(admission).not.toContainText(original);
    await editQuestion(reworded, original);

    // The admin sees the new designer with two-factor on, and the acceptance in the audit log.
    await page.goto("/admin/staff");
    await page.getByRole("searchbox", { name: "Search by name or email" }).fill(designerEmail);
    const row = page.getByRole("row").filter({ hasText: designerEmail });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("combobox", { name: `Role of ${designerEmail}` })).toContainText("Designer");
    await expect(row.getByRole("cell", { name: "On", exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);

    await page.goto(`/admin/audit?q=${encodeURIComponent(designerEmail)}`);
    const entry = page.getByRole("row").filter({ hasText: "staff.invite_accepted" });
    await expect(entry).toContainText(designerEmail);
    await entry.getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Audit entry" })).toBeVisible();
    await expect(page.getByLabel("Changes, removed lines marked minus, added lines marked plus")).toContainText('"role": "designer"');
  } finally {
    await designerContext.close();
    await deleteAccount(page, admin.password);
  }
});
