"use client";

import { useEffect, useRef, useState } from "react";

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * An automatic refresh: says "Refreshes in mm:ss", counts down from `start` seconds, calls onEnd at
 * zero and starts again; the Refresh button runs onRefresh and restarts. While loading it says so.
 */
export function CountdownTimer({
  start,
  loading = false,
  onEnd,
  onRefresh,
}: {
  start: number;
  loading?: boolean;
  onEnd?: () => void;
  onRefresh?: () => void;
}) {
  const [left, setLeft] = useState(start);
  // The latest handler, so a parent passing a new function each render does not restart the clock.
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;

  useEffect(() => {
    const timer = setInterval(() => setLeft((current) => (current <= 1 ? 0 : current - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  // Reaching zero is handled outside the state updater, so the handler runs once.
  useEffect(() => {
    if (left > 0) return;
    onEndRef.current?.();
    setLeft(start);
  }, [left, start]);

  return (
    <span className="inline-flex items-center gap-2 text-xs text-slate-500">
      <span role="timer" data-testid="countdown">
        {loading ? (
          "Refreshing..."
        ) : (
          <>
            Refreshes in <span className="font-mono tabular-nums">{formatCountdown(left)}</span>
          </>
        )}
      </span>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-2 py-1 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        disabled={loading}
        onClick={() => {
          onRefresh?.();
          setLeft(start);
        }}
      >
        Refresh
      </button>
    </span>
  );
}
