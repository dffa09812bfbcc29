import { format } from "date-fns";
import type { SourceRef } from "~/lib/schemas/tools/common";

/** "12 November 2026" for a YYYY-MM-DD checked date. */
export function checkedDate(checkedOn: string): string {
  return format(new Date(`${checkedOn}T00:00:00Z`), "d MMMM yyyy");
}

/**
 * The sources of a figure or rule and the day they were checked, as every tool result shows them. A
 * source checked on a day of its own (a guide's section) names that day after it.
 */
export function SourceList({
  sources,
  checkedOn,
  label = "Source",
}: {
  sources: (SourceRef & { checkedOn?: string })[];
  checkedOn: string;
  label?: string;
}) {
  const ownDays = sources.some((source) => source.checkedOn);
  return (
    <p className="text-xs leading-5 text-slate-500">
      {label}
      {sources.length > 1 ? "s" : ""}:{" "}
      {sources.map((source, index) => (
        <span key={source.url}>
          {index > 0 ? "; " : ""}
          <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline underline-offset-2">
            {source.title}
          </a>
          {ownDays ? <span className="whitespace-nowrap"> (checked {checkedDate(source.checkedOn ?? checkedOn)})</span> : null}
        </span>
      ))}
      {ownDays ? null : <span className="whitespace-nowrap"> (checked {checkedDate(checkedOn)})</span>}
    </p>
  );
}

/** A redistributed dataset named with its licence, beside the data it provides. */
export function DatasetCredit({ name, url, licence, licenceUrl }: { name: string; url: string; licence: string; licenceUrl?: string }) {
  return (
    <p className="text-xs leading-5 text-slate-500">
      Data:{" "}
      <a href={url} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline-offset-2 hover:underline">
        {name}
      </a>
      , licensed under{" "}
      {licenceUrl ? (
        <a href={licenceUrl} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline-offset-2 hover:underline">
          {licence}
        </a>
      ) : (
        licence
      )}
      .
    </p>
  );
}
