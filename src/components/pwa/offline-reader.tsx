"use client";

import { useEffect, useState } from "react";
import type { BudgetResult } from "~/components/tools/costs/budget-chart";
import { CostResult } from "~/components/tools/costs/cost-result";
import { VisaResultView } from "~/components/tools/visa/visa-result";
import { useUserFormat } from "~/components/ui/user-format";
import { type OfflineConversation, type OfflineSavedResult, type OfflineSnapshot, readSnapshot } from "~/lib/offline-snapshot";
import { findTool } from "~/lib/tools";
import type { RouterOutputs } from "~/trpc/react";

type VisaResult = RouterOutputs["tools"]["visa"]["check"];

/** How often the page asks the server again while it has no connection. */
const PROBE_INTERVAL_MS = 3000;

/**
 * Whether this page can reach the server, known only from its own requests: the browser's
 * `navigator.onLine` says a network is there, not that the server answers (a network without internet,
 * or a browser emulating offline). Null until the first answer.
 */
function useReachable(): boolean | null {
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    let stopped = false;
    const probe = async () => {
      try {
        const response = await fetch("/api/health", { cache: "no-store" });
        if (!stopped) setReachable(response.ok);
      } catch {
        if (!stopped) setReachable(false);
      }
    };
    const offline = () => setReachable(false);
    void probe();
    const timer = window.setInterval(() => void probe(), PROBE_INTERVAL_MS);
    window.addEventListener("online", probe);
    window.addEventListener("offline", offline);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("online", probe);
      window.removeEventListener("offline", offline);
    };
  }, []);
  return reachable;
}

/**
 * The offline page's content: what this device kept for offline reading (the last conversations
 * and the saved tool results of the account signed in here), read from the browser's storage.
 */
export function OfflineReader() {
  const [snapshot, setSnapshot] = useState<OfflineSnapshot | null | undefined>(undefined);
  // The service worker shows this page in place of the page that could not load (its address stays).
  const [standingIn, setStandingIn] = useState(false);
  useEffect(() => {
    setSnapshot(readSnapshot(localStorage));
    setStandingIn(window.location.pathname !== "/offline");
  }, []);
  const reachable = useReachable();
  // Served in place of a page that failed to load: offline until one of its own requests succeeds.
  const online = standingIn ? reachable === true : reachable !== false;
  const heading = !online ? "You are offline" : standingIn ? "You are back online" : "Saved for offline reading";

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
        <p className="mt-2 text-slate-600">
          {!online
            ? "This page needs a connection. Meanwhile, here is what SwipeAbroad kept on this device."
            : standingIn
              ? "The page you opened could not load without a connection: try again now."
              : "This is what SwipeAbroad keeps on this device, to read when there is no connection."}
        </p>
        {!online || standingIn ? (
          <button type="button" className="btn-primary mt-4" onClick={() => window.location.reload()}>
            Try again
          </button>
        ) : null}
      </header>
      {snapshot === undefined ? null : !snapshot || (!snapshot.conversations.length && !snapshot.savedResults.length) ? (
        <p className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600">
          Nothing is saved on this device yet. Sign in and open your conversations or saved tool results while online: the last ones are
          kept here.
        </p>
      ) : (
        <>
          <Conversations conversations={snapshot.conversations} />
          <SavedResults results={snapshot.savedResults} />
        </>
      )}
    </div>
  );
}

function Conversations({ conversations }: { conversations: OfflineConversation[] }) {
  const { dateTime } = useUserFormat();
  if (!conversations.length) return null;
  return (
    <section aria-labelledby="offline-conversations" className="space-y-3">
      <h2 id="offline-conversations" className="text-xl font-semibold text-slate-900">
        Your last conversations
      </h2>
      {conversations.map((conversation, index) => (
        <details key={conversation.id} open={index === 0} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <summary className="cursor-pointer font-medium text-slate-900">
            {conversation.title} <span className="text-sm font-normal text-slate-600">· {dateTime(conversation.updatedAt)}</span>
          </summary>
          <ol className="mt-3 space-y-3" aria-label={`Messages of ${conversation.title}`}>
            {conversation.messages.map((message, position) => (
              <li key={position} className={`rounded-lg p-3 text-sm ${message.role === "user" ? "bg-brand-50" : "bg-slate-50"}`}>
                <p className="text-xs font-semibold text-slate-700">{message.role === "user" ? "You" : "SwipeAI"}</p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-800">{message.text}</p>
              </li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}

function SavedResults({ results }: { results: OfflineSavedResult[] }) {
  const { date } = useUserFormat();
  const [shown, setShown] = useState<string | null>(null);
  if (!results.length) return null;
  const open = results.find((entry) => entry.id === shown);
  return (
    <section aria-labelledby="offline-results" className="space-y-3">
      <h2 id="offline-results" className="text-xl font-semibold text-slate-900">
        Saved from the tools
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4">
        {results.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{entry.title}</p>
              <p className="text-xs text-slate-600">
                {findTool(entry.tool)?.name ?? entry.tool} · saved {date(entry.createdAt)}
              </p>
            </div>
            <button
              type="button"
              className="btn-secondary"
              aria-expanded={shown === entry.id}
              onClick={() => setShown(shown === entry.id ? null : entry.id)}
            >
              {shown === entry.id ? "Hide" : "Show"}
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          {open.tool === "visa-checker" ? <VisaResultView result={open.result as VisaResult} /> : null}
          {open.tool === "cost-calculator" ? <CostResult result={open.result as BudgetResult} signedIn /> : null}
        </div>
      ) : null}
    </section>
  );
}
