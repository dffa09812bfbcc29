"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { getPlan } from "~/lib/plans";
import { api } from "~/trpc/react";
import { LoadError } from "./admin-table";
import { FigureCard, formatRatio, ReportPeriodBar, useReportPeriod } from "./analytics-period";

function Chart({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const axis = { tick: { fontSize: 12 } };

/** /admin/analytics: the figures of a period (last 30 days unless chosen), charts and totals. */
export function AnalyticsReport() {
  const { period, setPeriod } = useReportPeriod(30);
  const report = api.admin.analytics.report.useQuery(period, { placeholderData: (previous) => previous });
  const data = report.data;
  return (
    <div className="space-y-6">
      <ReportPeriodBar period={period} onChange={setPeriod} />
      {report.error ? <LoadError message={report.error.message} /> : null}
      {report.isPending ? <p className="text-sm text-slate-500">Loading...</p> : null}
      {data ? (
        <>
          <section aria-label="Totals of the period" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <FigureCard label="Sign-ups" value={data.totals.signups} />
            <FigureCard label="Verified" value={data.totals.verified} note="email addresses verified in the period" />
            <FigureCard label="Active users" value={data.totals.activeUsers} note="each counted once in the period" />
            <FigureCard label="Answers" value={data.totals.answers} note={`${data.totals.tokens.toLocaleString("en-US")} tokens charged`} />
            <FigureCard
              label="Conversions free → paid"
              value={data.totals.conversions}
              note="first paid subscription (a trial included) started"
            />
            <FigureCard label="Churned subscriptions" value={data.churn.ended} note="paid subscriptions that ended in the period" />
            <FigureCard
              label="Churn rate"
              value={formatRatio(data.churn.rate)}
              note={`${data.churn.endedOfActiveAtStart} of the ${data.churn.activeAtStart} paid subscriptions running at the start ended`}
            />
            <FigureCard
              label="Active customers now"
              value={data.planMix.reduce((sum, row) => sum + row.users, 0)}
              note={data.planMix.map((row) => `${getPlan(row.planId).name} ${row.users}`).join(" · ")}
            />
          </section>

          <div className="grid gap-6 xl:grid-cols-2">
            <Chart title="Sign-ups and verified addresses by day">
              <BarChart data={data.days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="day" {...axis} minTickGap={24} />
                <YAxis allowDecimals={false} {...axis} width={40} />
                <Tooltip />
                <Legend />
                <Bar dataKey="signups" name="Sign-ups" fill="#2563eb" />
                <Bar dataKey="verified" name="Verified" fill="#059669" />
              </BarChart>
            </Chart>
            <Chart title="Active users by day">
              <LineChart data={data.days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="day" {...axis} minTickGap={24} />
                <YAxis allowDecimals={false} {...axis} width={40} />
                <Tooltip />
                <Line type="monotone" dataKey="activeUsers" name="Active users" stroke="#7c3aed" dot={false} />
              </LineChart>
            </Chart>
            <Chart title="Answers and tokens charged by day">
              <LineChart data={data.days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="day" {...axis} minTickGap={24} />
                <YAxis yAxisId="answers" allowDecimals={false} {...axis} width={40} />
                <YAxis yAxisId="tokens" orientation="right" {...axis} width={64} />
                <Tooltip />
                <Legend />
                <Line yAxisId="answers" type="monotone" dataKey="answers" name="Answers" stroke="#0891b2" dot={false} />
                <Line yAxisId="tokens" type="monotone" dataKey="tokens" name="Tokens" stroke="#d97706" dot={false} />
              </LineChart>
            </Chart>
            <Chart title="Plan mix now (active customers)">
              <BarChart
                data={data.planMix.map((row) => ({ plan: getPlan(row.planId).name, users: row.users }))}
                margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="plan" {...axis} />
                <YAxis allowDecimals={false} {...axis} width={40} />
                <Tooltip />
                <Bar dataKey="users" name="Customers" fill="#2563eb" />
              </BarChart>
            </Chart>
          </div>

          <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <summary className="cursor-pointer font-semibold">The figures by day</summary>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left">
                <caption className="sr-only">The figures by day</caption>
                <thead className="text-slate-700">
                  <tr>
                    {["Day", "Sign-ups", "Verified", "Active users", "Answers", "Tokens"].map((label) => (
                      <th key={label} scope="col" className="px-3 py-2 font-semibold">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 tabular-nums">
                  {data.days.map((day) => (
                    <tr key={day.day}>
                      <td className="px-3 py-1.5">{day.day}</td>
                      <td className="px-3 py-1.5">{day.signups}</td>
                      <td className="px-3 py-1.5">{day.verified}</td>
                      <td className="px-3 py-1.5">{day.activeUsers}</td>
                      <td className="px-3 py-1.5">{day.answers}</td>
                      <td className="px-3 py-1.5">{day.tokens.toLocaleString("en-US")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}

      <section aria-labelledby="analytics-definitions" className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
        <h2 id="analytics-definitions" className="font-semibold">
          How the figures are counted
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Days are UTC calendar days. Customers are accounts with the role “user”; staff accounts are left out.</li>
          <li>Sign-ups: accounts created that day. Verified: email addresses verified that day.</li>
          <li>
            Active users: customers who, that day, signed in, were last seen on a signed-in session, or got an answer from the assistant. A
            session keeps only its latest visit, so someone who stays signed in without chatting counts on the day of the sign-in and of the
            last visit.
          </li>
          <li>Answers: every answer of the assistant, anonymous visitors’ included, and the tokens charged for them.</li>
          <li>Plan mix: the plan of every active customer now, whatever the period.</li>
          <li>Conversions: customers whose first subscription to a paid plan (a free trial included) started in the period.</li>
          <li>
            Churn: paid subscriptions that ended in the period (at the end of their period when cancelled for then, otherwise when
            cancelled); the rate is how many of the paid subscriptions running at the start of the period ended in it.
          </li>
        </ul>
      </section>
    </div>
  );
}
