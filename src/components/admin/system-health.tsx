"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { CountdownTimer } from "~/components/ui/countdown-timer";
import { api } from "~/trpc/react";
import { LoadError } from "./admin-table";
import { RetryJobButton, when } from "./outbox";

/** Seconds between automatic refreshes of the page. */
const REFRESH_SECONDS = 60;

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Status({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ok ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
    >
      {children}
    </span>
  );
}

/** /admin/system: database, migrations, jobs, mail and versions, refreshed every minute. */
export function SystemHealth() {
  const health = api.admin.system.health.useQuery(undefined, { refetchOnWindowFocus: false });
  const data = health.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {data ? `Checked ${when(data.checkedAt)}` : "Checking..."}
        </p>
        <CountdownTimer
          start={REFRESH_SECONDS}
          loading={health.isFetching}
          onEnd={() => void health.refetch()}
          onRefresh={() => void health.refetch()}
        />
      </div>
      {health.error ? <LoadError message={health.error.message} /> : null}
      {data ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Card title="Database">
            {data.database.reachable ? (
              <Facts
                rows={[
                  [
                    "State",
                    <Status key="state" ok>
                      reachable
                    </Status>,
                  ],
                  ["Round trip", `${data.database.roundTripMs} ms`],
                  ["Kind", data.database.label],
                  [
                    "Server",
                    <span key="server" className="text-xs font-normal text-slate-600">
                      {data.database.version}
                    </span>,
                  ],
                ]}
              />
            ) : (
              <Facts
                rows={[
                  [
                    "State",
                    <Status key="state" ok={false}>
                      unreachable
                    </Status>,
                  ],
                  ["Error", data.database.error],
                ]}
              />
            )}
          </Card>

          <Card title="Migrations">
            {data.migrations ? (
              <Facts
                rows={[
                  ["Applied", data.migrations.applied],
                  [
                    "Latest",
                    <span key="latest" className="font-mono text-xs">
                      {data.migrations.latest ?? "none"}
                    </span>,
                  ],
                  ["Applied at", when(data.migrations.latestAt)],
                  [
                    "Pending",
                    data.migrations.pending.length === 0 ? (
                      <Status key="pending" ok>
                        none
                      </Status>
                    ) : (
                      <span key="pending" className="text-amber-800">
                        {data.migrations.pending.join(", ")} (applied at the next start)
                      </span>
                    ),
                  ],
                ]}
              />
            ) : (
              <p className="text-sm text-slate-500">Unknown while the database is unreachable.</p>
            )}
          </Card>

          <Card title="Jobs">
            {data.jobs ? (
              <div className="space-y-4">
                <Facts
                  rows={[
                    ["Queued", data.jobs.counts.queued],
                    ["Running", data.jobs.counts.running],
                    ["Done", data.jobs.counts.done],
                    ["Dead", data.jobs.counts.dead],
                  ]}
                />
                {data.jobs.dead.length ? (
                  <ul className="space-y-2" aria-label="Dead jobs">
                    {data.jobs.dead.map((job) => (
                      <li key={job.id} className="rounded-lg border border-red-100 bg-red-50/50 p-3 text-sm">
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="font-medium">{job.kind}</span>
                          <span className="text-slate-600">
                            {job.attempts} of {job.maxAttempts} attempts, ended {when(job.finishedAt)}
                          </span>
                          <span className="ml-auto">
                            <RetryJobButton jobId={job.id} />
                          </span>
                        </div>
                        {job.lastError ? <p className="mt-1 break-words text-xs text-red-800">{job.lastError}</p> : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-slate-500">No dead job.</p>
                )}
              </div>
            ) : (
              <p className="text-sm text-slate-500">Unknown while the database is unreachable.</p>
            )}
          </Card>

          <Card title="Mail">
            {data.mail ? (
              <div className="space-y-3">
                <Facts
                  rows={[
                    ["Transport", data.mail.transport === "smtp" ? "SMTP server" : "Log only (no SMTP_URL): mails stay in the outbox"],
                    ["Queued", data.mail.counts.queued],
                    ["Sent", data.mail.counts.sent],
                    ["Failed", data.mail.counts.failed],
                  ]}
                />
                <Link href="/admin/outbox" className="text-sm font-medium text-brand-700 hover:underline">
                  Open the outbox
                </Link>
              </div>
            ) : (
              <p className="text-sm text-slate-500">Unknown while the database is unreachable.</p>
            )}
          </Card>

          <Card title="Versions">
            <Facts
              rows={[
                ["App", data.versions.app],
                ["Node.js", data.versions.node],
                ["Next.js", data.versions.next],
                ["Prisma", data.versions.prisma],
              ]}
            />
          </Card>
        </div>
      ) : null}
    </div>
  );
}
