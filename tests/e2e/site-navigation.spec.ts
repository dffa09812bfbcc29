import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./site-helpers";

const WORK_TOPIC = "Working while studying";

const PAGES: [string, string][] = [
  ["/", "Study and move to Germany, one clear answer at a time."],
  ["/students", "Everything you need to study in Germany"],
  ["/services", "Help for every step of your move"],
  ["/services/consultation", "Consultation"],
  ["/services/document-review", "Document Review"],
  ["/services/visa-assistance", "Visa Assistance"],
  ["/services/career-guidance", "Career Guidance"],
  ["/tools", "Planning tools"],
  ["/tools/visa-checker", "Visa Checker"],
  ["/tools/university-finder", "University Finder"],
  ["/tools/scholarship-search", "Scholarship Search"],
  ["/tools/cost-calculator", "Cost Calculator"],
  ["/business", "Hire and relocate international talent"],
  ["/pricing", "Simple monthly plans, priced in euros"],
  ["/how-it-works", "From first question to first semester"],
  ["/about", "We help students find their way to Germany"],
  ["/about/real-stories", "Real stories"],
  ["/about/team", "The team"],
  ["/about/contact", "Contact us"],
  ["/careers", "Work with us"],
  ["/faq", "Frequently asked questions"],
  ["/privacy", "Privacy policy"],
  ["/terms", "Terms of service"],
  ["/institutes", "Reach prepared international applicants"],
  ["/profile", "Your profile"],
];

test("every route answers 200 with its heading and no serious accessibility violation, at desktop and phone width", async ({ page }) => {
  test.setTimeout(300_000);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // Nothing is wider than the screen on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      if (width === 1280) await expectNoSeriousAxeViolations(page);
    }
  }
});

test("/admin answers 403 to visitors who are not admins", async ({ page }) => {
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

test("the side menu has two levels: Students lists the topics and scrolls to one; Back returns", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog").getByRole("navigation", { name: "Main menu" });
  await menu.getByRole("button", { name: "Institutes: open submenu" }).click();
  await expect(menu.getByRole("link", { name: "Partner With Us" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Tools for Institutes" })).toBeVisible();
  await menu.getByRole("button", { name: "Back" }).click();
  await menu.getByRole("button", { name: "Businesses: open submenu" }).click();
  await expect(menu.getByRole("link", { name: "Join as a Business" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Business Solutions" })).toBeVisible();
  await menu.getByRole("button", { name: "Back" }).click();

  await menu.getByRole("button", { name: "Students: open submenu" }).click();
  const topic = menu.getByRole("button", { name: "Student visa & residence permit" });
  await expect(topic).toBeVisible();
  await topic.click();
  await expect(page).toHaveURL(/\/students#topic-visa$/);
  await expect(page.getByRole("heading", { level: 2, name: "Student visa & residence permit" }).last()).toBeInViewport();

  // On /students itself, choosing another topic scrolls to it.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Students: open submenu" }).click();
  await page.getByRole("dialog").getByRole("button", { name: WORK_TOPIC }).click();
  await expect(page.getByRole("heading", { level: 2, name: WORK_TOPIC }).last()).toBeInViewport();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Services: open submenu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Document Review" }).click();
  await expect(page).toHaveURL("/services/document-review");
  await expect(page.getByRole("heading", { level: 1, name: "Document Review" })).toBeVisible();
});

test("the footer has its four columns, contact, the imprint and this year's copyright, and no link to the closed EU dispute platform", async ({
  page,
}) => {
  await page.goto("/pricing");
  const footer = page.getByRole("contentinfo");
  for (const column of ["About", "Services", "Resources", "Connect"]) {
    await expect(footer.getByRole("heading", { name: column, exact: true })).toBeVisible();
  }
  // The EU's online dispute resolution platform closed on 20 July 2025 (Regulation (EU) 2024/3228): a link would mislead.
  await expect(footer.getByRole("link", { name: "Imprint" })).toHaveAttribute("href", "/imprint");
  await expect(footer.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);
  await expect(footer.getByText(`© ${new Date().getFullYear()} SwipeAbroad. All rights reserved.`)).toBeVisible();
  await expect(footer.getByRole("link", { name: "hello@swipeabroad.de" }).first()).toHaveAttribute("href", "mailto:hello@swipeabroad.de");
});

test("the contact form validates and sends a message", async ({ page }) => {
  await page.goto("/about/contact?subject=Partnership");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Subject")).toHaveValue("Partnership");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please enter your name")).toBeVisible();
  await expect(form.getByText("Please enter your email address")).toBeVisible();
  await expect(form.getByText("Please write at least 10 characters")).toBeVisible();
  await form.getByLabel("Name").fill("Jonas");
  await form.getByLabel("Email").fill("jonas@example.com");
  await form.getByLabel("Message").fill("We are a language school in Leipzig and would like to partner.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your message has been sent" })).toBeVisible();
});

test("FAQ: the section tabs scroll to their section and follow the scrolling", async ({ page }) => {
  await page.goto("/faq");
  const tabs = page.getByRole("navigation", { name: "FAQ sections" });
  await expect(tabs.getByRole("button", { name: "The assistant" })).toHaveAttribute("aria-current", "true");
  await tabs.getByRole("button", { name: "The app" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "The app" })).toBeInViewport();
  await expect(tabs.getByRole("button", { name: "The app" })).toHaveAttribute("aria-current", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tabs.getByRole("button", { name: "The assistant" })).toHaveAttribute("aria-current", "true");
});
