"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { checkedDate, SourceList } from "~/components/tools/source-list";
import type { SourceRef } from "~/lib/schemas/tools/common";

/**
 * A cell's source: "Source · checked <date>" under the value, opening the source list on hover (mouse)
 * or on tap and keyboard (the button); printed pages show the list itself.
 */
export function CellSource({ sources, checkedOn, label }: { sources: SourceRef[]; checkedOn: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            className="mt-1 text-xs text-indigo-700 underline decoration-dotted underline-offset-2 print:hidden"
            onPointerEnter={(event) => event.pointerType === "mouse" && setOpen(true)}
            onPointerLeave={(event) => event.pointerType === "mouse" && setOpen(false)}
          >
            Source · checked {checkedDate(checkedOn)}
            <span className="sr-only"> for {label}</span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
            onPointerEnter={() => setOpen(true)}
            onPointerLeave={(event) => event.pointerType === "mouse" && setOpen(false)}
          >
            <SourceList sources={sources} checkedOn={checkedOn} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <div className="hidden print:block">
        <SourceList sources={sources} checkedOn={checkedOn} />
      </div>
    </>
  );
}
