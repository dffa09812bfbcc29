"use client";

import Link from "next/link";
import { type FormEvent, type ReactNode, useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { DatePicker } from "~/components/ui/date-picker";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { getPlan } from "~/lib/plans";
import { fieldErrors } from "~/lib/schemas/common";
import {
  firstPreferredDate,
  PREFERRED_TIME_LABELS,
  PREFERRED_TIMES,
  type PreferredTime,
  SERVICE_REQUEST_MESSAGES,
  type ServiceSlug,
  serviceRequestSchema,
} from "~/lib/schemas/entitlements";
import { REVIEW_PURPOSE_LABELS, REVIEW_PURPOSES, type ReviewPurpose, serviceRequestHref } from "~/lib/schemas/service-work";
import { formatIsoDate } from "~/lib/ui/dates";
import { api, type RouterOutputs } from "~/trpc/react";
import { PlanMessage, UpgradeLink } from "./plan-message";
import { RequestStatusBadge } from "./request-status";
import { ReviewDocumentChoice } from "./review-document-choice";

type Usage = RouterOutputs["services"]["usage"];
type Field = "message" | "preferredDate" | "preferredTime" | "documentIds" | "purpose";

/** "2 of 5 service requests used this month" or "3 service requests this month (unlimited)". */
function usageText(usage: Pick<Usage, "used" | "max">): string {
  return usage.max === null
    ? `${usage.used} service request${usage.used === 1 ? "" : "s"} this month (unlimited)`
    : `${usage.used} of ${usage.max} service requests used this month`;
}

/** Requesting a service on /services/[slug]: the form, what the plan allows, and the user's own requests. */
export function ServiceRequestPanel({ service, serviceName }: { service: ServiceSlug; serviceName: string }) {
  const { status } = useSession();
  const { open } = useAuthModal();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="request-title">
      <h2 id="request-title" className="text-lg font-semibold">
        Request {serviceName}
      </h2>
      {status === "loading" ? <p className="mt-3 text-sm text-slate-500">Loading...</p> : null}
      {status === "unauthenticated" ? (
        <div className="mt-3">
          <p className="text-sm text-slate-600">Log in to request this service and follow its status here.</p>
          <button type="button" className="btn-primary mt-4" onClick={() => open("login")}>
            Log in to request
          </button>
        </div>
      ) : null}
      {status === "authenticated" ? <SignedInPanel service={service} serviceName={serviceName} /> : null}
    </section>
  );
}

function SignedInPanel({ service, serviceName }: { service: ServiceSlug; serviceName: string }) {
  const usage = api.services.usage.useQuery({ service });
  const requests = api.services.mine.useQuery({ service });
  // Kept here, not in the form: a refusal refreshes the usage, which may replace the form by the limit notice.
  const [serverError, setServerError] = useState<string | null>(null);

  if (usage.isPending) return <p className="mt-3 text-sm text-slate-500">Loading...</p>;
  if (!usage.data)
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        Failed to load your plan. Please try again.
      </p>
    );
  return (
    <div className="mt-3 space-y-5">
      {serverError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <PlanMessage message={serverError} />
        </p>
      ) : null}
      <PlanAllowance usage={usage.data} serviceName={serviceName}>
        <RequestForm service={service} onServerError={setServerError} />
      </PlanAllowance>
      <OwnRequests requests={requests.data} loading={requests.isPending} onWithdrawn={() => setServerError(null)} />
    </div>
  );
}

/**
 * What the plan allows for a service: why it is not included (with the upgrade), or the month's
 * usage and either the monthly-limit notice or `children` (the form to request or book).
 */
export function PlanAllowance({ usage, serviceName, children }: { usage: Usage; serviceName: string; children: ReactNode }) {
  if (!usage.included) {
    return (
      <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <p>
          {serviceName} is not part of your {usage.planName} plan
          {usage.upgradeTo ? `: it needs the ${getPlan(usage.upgradeTo).name} plan` : ""}.
        </p>
        {usage.upgradeTo ? (
          <p className="mt-2">
            <UpgradeLink planId={usage.upgradeTo} />
          </p>
        ) : null}
      </div>
    );
  }
  const full = usage.max !== null && usage.used >= usage.max;
  return (
    <>
      <p className="text-sm text-slate-700" data-testid="service-usage">
        <span className="font-semibold">{usageText(usage)}</span> on your {usage.planName} plan.
      </p>
      {full ? (
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <p>You have used all service requests of your {usage.planName} plan for this month. They renew on the 1st of next month.</p>
          {usage.upgradeTo ? (
            <p className="mt-2">
              <UpgradeLink planId={usage.upgradeTo} />
            </p>
          ) : null}
        </div>
      ) : (
        children
      )}
    </>
  );
}

function RequestForm({ service, onServerError }: { service: ServiceSlug; onServerError: (message: string | null) => void }) {
  const utils = api.useUtils();
  const [message, setMessage] = useState("");
  const [preferredDate, setPreferredDate] = useState<string | null>(null);
  const [preferredTime, setPreferredTime] = useState<PreferredTime | "">("");
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const [purpose, setPurpose] = useState<ReviewPurpose | "">("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const request = api.services.request.useMutation();
  const scheduled = service === "consultation";
  const review = service === "document-review";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    onServerError(null);
    const parsed = serviceRequestSchema.safeParse({
      service,
      message,
      preferredDate,
      preferredTime: preferredTime || null,
      documentIds,
      purpose: purpose || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      await request.mutateAsync(parsed.data);
      setMessage("");
      setPreferredDate(null);
      setPreferredTime("");
      setDocumentIds([]);
      setPurpose("");
      toast.success(SERVICE_REQUEST_MESSAGES.sent);
    } catch (error) {
      onServerError(error instanceof Error ? error.message : "Failed to send your request. Please try again.");
    } finally {
      await Promise.all([utils.services.usage.invalidate(), utils.services.mine.invalidate()]);
    }
  }

  const errorFor = (field: Field) =>
    errors[field] ? (
      <p id={`request-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: Field) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `request-${field}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Request form">
      {review ? (
        <>
          <ReviewDocumentChoice value={documentIds} onChange={setDocumentIds} error={errors.documentIds} />
          <div>
            <label htmlFor="request-purpose" className="field-label">
              What are the documents for?
            </label>
            <select
              id="request-purpose"
              className="field-input"
              value={purpose}
              onChange={(e) => setPurpose(e.target.value as ReviewPurpose)}
              {...described("purpose")}
            >
              <option value="">Choose a purpose</option>
              {REVIEW_PURPOSES.map((key) => (
                <option key={key} value={key}>
                  {REVIEW_PURPOSE_LABELS[key]}
                </option>
              ))}
            </select>
            {errorFor("purpose")}
          </div>
        </>
      ) : null}
      <div>
        <label htmlFor="request-message" className="field-label">
          What do you need help with?
        </label>
        <textarea
          id="request-message"
          rows={5}
          maxLength={2000}
          className="field-input"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          {...described("message")}
        />
        <p className="mt-1 text-xs text-slate-500">{message.trim().length} / 2000 characters (at least 10)</p>
        {errorFor("message")}
      </div>
      {scheduled ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="request-date" className="field-label">
              Preferred date
            </label>
            <DatePicker
              id="request-date"
              value={preferredDate}
              onChange={setPreferredDate}
              min={firstPreferredDate()}
              placeholder="Choose a day"
              aria-label="Preferred date"
            />
            {errorFor("preferredDate")}
          </div>
          <div>
            <label htmlFor="request-time" className="field-label">
              Preferred time (German time)
            </label>
            <select
              id="request-time"
              className="field-input"
              value={preferredTime}
              onChange={(e) => setPreferredTime(e.target.value as PreferredTime)}
              {...described("preferredTime")}
            >
              <option value="">Choose a time of day</option>
              {PREFERRED_TIMES.map((time) => (
                <option key={time} value={time}>
                  {PREFERRED_TIME_LABELS[time]}
                </option>
              ))}
            </select>
            {errorFor("preferredTime")}
          </div>
        </div>
      ) : null}
      <button type="submit" className="btn-primary" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send request"}
      </button>
    </form>
  );
}

function OwnRequests({
  requests,
  loading,
  onWithdrawn,
}: {
  requests: RouterOutputs["services"]["mine"] | undefined;
  loading: boolean;
  onWithdrawn: () => void;
}) {
  const { dateTime } = useUserFormat();
  const utils = api.useUtils();
  const withdraw = api.services.withdraw.useMutation({
    onSuccess: () => {
      onWithdrawn();
      toast.success(SERVICE_REQUEST_MESSAGES.withdrawn);
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => Promise.all([utils.services.usage.invalidate(), utils.services.mine.invalidate()]),
  });
  if (loading) return null;
  return (
    <div>
      <h3 className="text-base font-semibold">Your requests</h3>
      {!requests?.length ? (
        <p className="mt-2 text-sm text-slate-500">No requests yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Your requests">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <Link
                  href={serviceRequestHref(request.id)}
                  className="break-words text-slate-800 underline decoration-slate-300 hover:text-brand-700"
                >
                  {request.message.length > 160 ? `${request.message.slice(0, 160)}...` : request.message}
                </Link>
                <p className="mt-1 text-xs text-slate-500">
                  Requested {dateTime(request.createdAt)}
                  {request.preferredDate
                    ? ` · preferred ${formatIsoDate(request.preferredDate)}${request.preferredTime ? `, ${PREFERRED_TIME_LABELS[request.preferredTime].toLowerCase()}` : ""}`
                    : ""}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <RequestStatusBadge status={request.status} withdrawnAt={request.withdrawnAt} />
                {request.status === "pending" && request.round === 1 && !request.withdrawnAt ? (
                  <button
                    type="button"
                    className="btn-secondary px-2 py-1 text-xs"
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate({ id: request.id })}
                  >
                    Withdraw
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
