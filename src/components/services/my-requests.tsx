"use client";

import Link from "next/link";
import { useUserFormat } from "~/components/ui/user-format";
import { serviceRequestHref } from "~/lib/schemas/service-work";
import { findService } from "~/lib/services";
import { api } from "~/trpc/react";
import { RequestStatusBadge } from "./request-status";

/** The profile's Services tab: every request of the user with its status, each linking to its page. */
export function MyRequests() {
  const { date } = useUserFormat();
  const requests = api.services.all.useQuery();
  if (requests.isPending)
    return (
      <p className="text-sm text-slate-500" role="status">
        Loading your requests...
      </p>
    );
  if (requests.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load your requests. Please try again.
      </p>
    );
  return (
    <section aria-labelledby="my-requests-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="my-requests-title" className="text-lg font-semibold">
        Your service requests
      </h2>
      {!requests.data.length ? (
        <p className="mt-2 text-sm text-slate-600">
          No requests yet. See what our team can do for you on the{" "}
          <Link href="/services" className="font-medium text-brand-700 underline">
            services page
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Your service requests">
          {requests.data.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link href={serviceRequestHref(request.id)} className="font-semibold text-brand-700 hover:underline">
                  {findService(request.service)?.name ?? request.service}
                </Link>
                <p className="truncate text-slate-700">{request.message}</p>
                <p className="text-xs text-slate-500">
                  Requested {date(request.createdAt)}
                  {request.staffWroteLast && request.lastUpdateAt ? ` · news from our team on ${date(request.lastUpdateAt)}` : ""}
                </p>
              </div>
              <RequestStatusBadge status={request.status} withdrawnAt={request.withdrawnAt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
