import { format } from "date-fns";
import { type ChangeObject, diffJson, diffLines } from "diff";
import Link from "next/link";
import type { RouterOutputs } from "~/trpc/react";

type AuditEntry = RouterOutputs["admin"]["audit"]["get"];

export const auditTime = (date: Date) => format(new Date(date), "d MMM yyyy, HH:mm:ss");

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The change from `before` to `after` as lines; a side that is absent (a creation, a deletion) diffs against nothing. */
export function auditChanges(before: unknown, after: unknown): ChangeObject<string>[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (hasBefore && hasAfter) return diffJson(before as object, after as object);
  return diffLines(hasBefore ? pretty(before) : "", hasAfter ? pretty(after) : "");
}

function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <p className="text-sm text-slate-500">No values were recorded for this action.</p>;
  return (
    <pre
      role="figure"
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white py-3 font-mono text-xs leading-5"
      aria-label="Changes, removed lines marked minus, added lines marked plus"
    >
      {changes.flatMap((change, index) =>
        change.value
          .replace(/\n$/, "")
          .split("\n")
          .map((line, lineIndex) => {
            const key = `${index}-${lineIndex}`;
            if (change.added)
              return (
                <ins key={key} className="block bg-emerald-50 px-4 text-emerald-900 no-underline">
                  + {line}
                </ins>
              );
            if (change.removed)
              return (
                <del key={key} className="block bg-red-50 px-4 text-red-900 no-underline">
                  - {line}
                </del>
              );
            return (
              <span key={key} className="block px-4 text-slate-600">
                {" "}
                {line}
              </span>
            );
          }),
      )}
    </pre>
  );
}

/** One audit entry: who did what to which record, when and from where, and the change as a diff. */
export function AuditEntryView({ entry }: { entry: AuditEntry }) {
  const facts: [string, React.ReactNode][] = [
    ["When", auditTime(entry.createdAt)],
    ["Who", entry.actorId ? entry.actorEmail : `${entry.actorEmail} (no account)`],
    [
      "Action",
      <span key="action" className="font-mono">
        {entry.action}
      </span>,
    ],
    [
      "Record",
      <span key="record">
        {entry.targetType}
        {entry.targetId ? <span className="ml-2 break-all font-mono text-slate-600">{entry.targetId}</span> : null}
      </span>,
    ],
    ["Address", entry.ip ?? "-"],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-[8rem_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="audit-changes">
        <h2 id="audit-changes" className="mb-2 text-lg font-semibold">
          Before and after
        </h2>
        <DiffView before={entry.before} after={entry.after} />
      </section>
      <Link href="/admin/audit" className="btn-secondary">
        Back to the audit log
      </Link>
    </div>
  );
}
