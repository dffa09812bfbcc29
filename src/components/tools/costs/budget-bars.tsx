"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatEuros } from "~/lib/plans";
import type { RouterOutputs } from "~/trpc/react";

export type BudgetResult = RouterOutputs["tools"]["costs"]["calculate"];
type BudgetLineKey = BudgetResult["lines"][number]["key"];

/** Short names and colours of the lines in the chart (the table below it names them in full). */
const SERIES: Record<BudgetLineKey, { name: string; colour: string }> = {
  rent: { name: "Rent", colour: "#1d4ed8" },
  semester: { name: "Semester contribution", colour: "#7c3aed" },
  health: { name: "Health insurance", colour: "#0f766e" },
  broadcasting: { name: "Broadcasting fee", colour: "#a16207" },
  food: { name: "Food", colour: "#c2410c" },
  phone: { name: "Phone and internet", colour: "#be185d" },
  studyMaterials: { name: "Study materials", colour: "#475569" },
  leisure: { name: "Leisure", colour: "#4d7c0f" },
};
const BLOCKED_COLOUR = "#94a3b8";

/** The bars of BudgetChart: the monthly budget, line on line, beside the blocked account's monthly amount. */
export function BudgetBars({ result }: { result: BudgetResult }) {
  const counted = result.lines.filter((line) => line.monthlyEur !== null);
  const data = [
    { name: "Your budget", ...Object.fromEntries(counted.map((line) => [line.key, line.monthlyEur])) },
    { name: "Blocked account", blocked: result.blockedAccount.monthlyEur },
  ];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart layout="vertical" data={data} margin={{ top: 4, right: 28, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tick={{ fontSize: 12 }} tickFormatter={(value: number) => `€${value}`} />
        <YAxis type="category" dataKey="name" width={112} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => formatEuros(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {counted.map((line) => (
          <Bar
            key={line.key}
            dataKey={line.key}
            name={SERIES[line.key].name}
            stackId="month"
            fill={SERIES[line.key].colour}
            isAnimationActive={false}
          />
        ))}
        <Bar dataKey="blocked" name="Blocked account" stackId="month" fill={BLOCKED_COLOUR} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
