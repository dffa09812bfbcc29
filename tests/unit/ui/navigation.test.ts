import { describe, expect, it } from "vitest";
import { SIDE_MENU, showsManage } from "~/lib/navigation";
import { chatUrlFor } from "~/lib/site";

describe("header and side menu", () => {
  it("shows Manage to admins only, and not under /admin", () => {
    expect(showsManage("admin", "/")).toBe(true);
    expect(showsManage("admin", "/admin")).toBe(false);
    expect(showsManage("admin", "/admin/users")).toBe(false);
    expect(showsManage("user", "/")).toBe(false);
    expect(showsManage("designer", "/")).toBe(false);
    expect(showsManage(undefined, "/")).toBe(false);
  });

  it("has the institute and business children without routes of their own", () => {
    const children = (label: string) => SIDE_MENU.find((entry) => entry.label === label)?.children?.map((c) => [c.label, c.href]);
    expect(children("Institutes")).toEqual([
      ["Partner With Us", "/institutes#partner-with-us"],
      ["Tools for Institutes", "/institutes#tools-for-institutes"],
    ]);
    expect(children("Businesses")).toEqual([
      ["Join as a Business", "/business#join-as-a-business"],
      ["Business Solutions", "/business#business-solutions"],
    ]);
    expect(SIDE_MENU.find((entry) => entry.label === "Students")?.threadChildren).toBe(true);
  });

  it("opens the chat with a prompt and autoSubmit", () => {
    expect(chatUrlFor("How much is the visa fee?")).toBe("/swipe-ai?message=How+much+is+the+visa+fee%3F&autoSubmit=1");
  });
});
