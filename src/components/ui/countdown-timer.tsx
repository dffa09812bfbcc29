"use client";

import { useEffect, useRef, useState } from "react";

const DEFAULT_COUNTDOWN_SECONDS = 1800;

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Counts down from `start` (default 1800 s) every second, calls onEnd at zero and starts again; the
 * manual refresh runs onRefresh and restarts. While loading it shows 00:00.
 */
export function CountdownTimer({
  start = DEFAULT_COUNTDOWN_SECONDS,
  loading = false,
  onEnd,
  onRefresh,
}: {
  start?: number;
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
      <span className="font-mono tabular-nums" role="timer" aria-label="Next refresh in" data-testid="countdown">
        {loading ? "00:00" : formatCountdown(left)}
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
