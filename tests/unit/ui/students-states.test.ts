import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

const threads = vi.hoisted(() => ({ current: [] as unknown[] }));
vi.mock("~/server/api/server-caller", () => ({ loadThreads: async () => threads.current }));
// Rendered outside the app: the carousel's links have no router to push to here.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {} }) }));

const { default: StudentsPage } = await import("~/app/students/(index)/page");
const { default: StudentsLoading } = await import("~/app/students/(index)/loading");
const { StudentTopics } = await import("~/app/students/(index)/topics");

describe("students page states (spec 2.5)", () => {
  it("shows 'Loading services...' while the topics load", () => {
    expect(renderToStaticMarkup(createElement(StudentsLoading))).toContain("Loading services...");
    // The page's header does not wait for the topics: it is sent with the loading state.
    const shell = renderToStaticMarkup(StudentsPage());
    expect(shell).toContain("Everything you need to study in Germany");
    expect(shell).toContain("Loading services...");
  });

  it("shows 'No services available' when there are no topics", async () => {
    threads.current = [];
    const html = renderToStaticMarkup(await StudentTopics());
    expect(html).toContain("No services available");
  });

  it("shows a card per topic, with the default description where a topic has none", async () => {
    threads.current = [
      {
        id: "t1",
        slug: "visa",
        title: "Student visa",
        description: "Which visa you need.",
        questions: [{ text: "Do I need a visa?" }],
      },
      { id: "t2", slug: "housing", title: "Housing", description: null, questions: [] },
    ];
    const html = renderToStaticMarkup(await StudentTopics());
    expect(html).not.toContain("No services available");
    expect(html.match(/data-testid="topic-card"/g)).toHaveLength(2);
    expect(html).toContain("Which visa you need.");
    expect(html).toContain("No description available");
  });
});
