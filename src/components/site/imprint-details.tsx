import { NOT_SET } from "~/lib/site";
import type { OperatorDetails } from "~/server/operator";

/** The imprint's entries (§ 5 DDG), each with the operator's value or "not set". */
function imprintEntries(
  operator: OperatorDetails,
): { label: string; name: string; value: string | readonly string[] | null; href?: string }[] {
  return [
    { label: "Name and legal form", name: "name and legal form", value: operator.legalName },
    { label: "Represented by", name: "representative", value: operator.representative },
    { label: "Postal address", name: "postal address", value: operator.address.length ? operator.address : null },
    { label: "Email", name: "email", value: operator.email, href: `mailto:${operator.email}` },
    {
      label: "Phone",
      name: "phone",
      value: operator.phone,
      href: operator.phone ? `tel:${operator.phone.replace(/[^+\d]/g, "")}` : undefined,
    },
    { label: "Register entry", name: "register entry", value: operator.register },
    { label: "VAT ID (§ 27a UStG)", name: "VAT ID", value: operator.vatId },
  ];
}

export function ImprintDetails({ operator }: { operator: OperatorDetails }) {
  const entries = imprintEntries(operator);
  const missing = entries.filter((entry) => entry.value === null).map((entry) => entry.name);
  return (
    <div className="prose-page mx-auto max-w-4xl px-4">
      {missing.length ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The operator of this site has not filled in all of its details yet: {missing.join(", ")} {missing.length === 1 ? "is" : "are"} not
          set in its settings, so they cannot be shown here.
        </p>
      ) : null}
      <h2>Service provider</h2>
      <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm" aria-label="Operator details">
        {entries.map((entry) => (
          <div key={entry.label} className="grid gap-1 p-3 sm:grid-cols-3">
            <dt className="font-medium text-slate-900">{entry.label}</dt>
            <dd className="break-words text-slate-700 sm:col-span-2">
              {entry.value === null ? (
                <span className="italic text-slate-500">{NOT_SET}</span>
              ) : Array.isArray(entry.value) ? (
                <address className="not-italic">
                  {entry.value.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : entry.href ? (
                <a href={entry.href}>{entry.value}</a>
              ) : (
                entry.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h2>Consumer dispute resolution</h2>
      <p>We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.</p>
    </div>
  );
}
