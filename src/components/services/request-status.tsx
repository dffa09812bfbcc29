import { REQUEST_STATUS_LABELS, type RequestStatus } from "~/lib/schemas/entitlements";

const STATUS_STYLES: Record<RequestStatus | "withdrawn", string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-blue-100 text-blue-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
  completed: "bg-slate-200 text-slate-800",
  withdrawn: "bg-slate-100 text-slate-600",
};

/** A request's status as a badge: "Withdrawn" once the student took it back, else the spec's status. */
export function RequestStatusBadge({ status, withdrawnAt }: { status: RequestStatus; withdrawnAt?: Date | string | null }) {
  const shown = withdrawnAt ? "withdrawn" : status;
  return (
    <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[shown]}`}>
      {withdrawnAt ? "Withdrawn" : REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
