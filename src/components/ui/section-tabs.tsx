"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { type ReactNode, useEffect, useRef, useState } from "react";

export interface SectionTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs in two modes. "tabs": Radix tabs. "accordion": every section stacked with a sticky tab bar;
 * clicking a tab scrolls to its section and scrolling marks the section being read as active.
 */
export function SectionTabs({ tabs, mode = "tabs", label }: { tabs: SectionTab[]; mode?: "tabs" | "accordion"; label: string }) {
  const [active, setActive] = useState(tabs[0]?.value ?? "");
  const sections = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    if (mode !== "accordion") return;
    // The active tab is the last section whose top has passed a line at 35% of the viewport.
    const sync = () => {
      const line = window.innerHeight * 0.35;
      let current = tabs[0]?.value ?? "";
      for (const tab of tabs) {
        const el = sections.current.get(tab.value);
        if (el && el.getBoundingClientRect().top <= line) current = tab.value;
      }
      setActive(current);
    };
    sync();
    window.addEventListener("scroll", sync, { passive: true });
    return () => window.removeEventListener("scroll", sync);
  }, [mode, tabs]);

  if (mode === "tabs") {
    return (
      <Tabs.Root value={active} onValueChange={setActive}>
        <Tabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="pt-4">
            {tab.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    );
  }
  return (
    <div>
      <nav aria-label={label} className="sticky top-16 z-10 flex gap-1 overflow-x-auto border-b border-slate-200 bg-white/95">
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            aria-current={active === tab.value ? "true" : undefined}
            onClick={() => sections.current.get(tab.value)?.scrollIntoView({ behavior: "smooth", block: "start" })}
            className="whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 aria-[current=true]:border-brand-600 aria-[current=true]:text-brand-700"
          >
            {tab.label}
          </button>
        ))}
      </nav>
      {tabs.map((tab) => (
        <section
          key={tab.value}
          data-tab={tab.value}
          aria-label={tab.label}
          className="scroll-mt-28 pt-6"
          ref={(el) => {
            if (el) sections.current.set(tab.value, el);
            else sections.current.delete(tab.value);
          }}
        >
          {tab.content}
        </section>
      ))}
    </div>
  );
}
