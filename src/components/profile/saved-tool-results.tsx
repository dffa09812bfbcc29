"use client";

import Link from "next/link";
import { Card } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { findTool, savedResultHref } from "~/lib/tools";
import { api } from "~/trpc/react";

/** Results saved from the Visa Checker and the Cost Calculator: reopen one with its inputs, or delete it. */
export function SavedToolResults() {
  const { date } = useUserFormat();
  const utils = api.useUtils();
  const saved = api.tools.saved.list.useQuery(undefined, { retry: false });
  const remove = api.tools.saved.remove.useMutation({
    onSuccess: async () => {
      toast.success("Saved result deleted");
      await utils.tools.saved.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <Card title="Saved from the tools">
      {saved.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading your saved results...
        </p>
      ) : null}
      {saved.error ? (
        <p className="text-sm text-red-700" role="alert">
          Your saved results could not be loaded. Please try again.
        </p>
      ) : null}
      {saved.data && saved.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing saved yet. Results of the{" "}
          <Link className="text-brand-700 underline" href="/tools/visa-checker">
            Visa Checker
          </Link>{" "}
          and the{" "}
          <Link className="text-brand-700 underline" href="/tools/cost-calculator">
            Cost Calculator
          </Link>{" "}
          can be saved here.
        </p>
      ) : null}
      {saved.data && saved.data.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label="Saved results">
          {saved.data.map((entry) => {
            const tool = findTool(entry.tool);
            return (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{entry.title}</p>
                  <p className="text-xs text-slate-500">
                    {tool?.name ?? entry.tool} · saved {date(entry.createdAt)}
                  </p>
                </div>
                <div className="flex gap-2">
                  {tool ? (
                    <Link className="btn-secondary" href={savedResultHref(tool.slug, entry.input)}>
                      Open
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ id: entry.id })}
                    aria-label={`Delete ${entry.title}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
