import { checkedDate, SourceList } from "~/components/tools/source-list";
import type { SourceRef } from "~/lib/schemas/tools/common";

/**
 * A cell's source: "Source · checked <date>" under the value. The button opens the source list as the
 * browser's own popover (tap, click, Enter; Escape or a click elsewhere closes it), placed under the
 * button; HoverPopovers around the table opens it on mouse hover. Printed pages show the list itself.
 * No script runs per cell, so a table of dozens of cells costs the page nothing to start.
 */
export function CellSource({ id, sources, checkedOn, label }: { id: string; sources: SourceRef[]; checkedOn: string; label: string }) {
  const anchor = `--${id}`;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        data-hover-popover={id}
        style={{ anchorName: anchor }}
        className="mt-1 text-xs text-indigo-700 underline decoration-dotted underline-offset-2 print:hidden"
      >
        Source · checked {checkedDate(checkedOn)}
        <span className="sr-only"> for {label}</span>
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label={`Source for ${label}`}
        style={{ positionAnchor: anchor }}
        className="cell-source-popover max-w-xs rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
      >
        <SourceList sources={sources} checkedOn={checkedOn} />
      </div>
      <div className="hidden print:block">
        <SourceList sources={sources} checkedOn={checkedOn} />
      </div>
    </>
  );
}
