"use client";

import { useEffect, useState } from "react";

export const DEFAULT_COUNTDOWN_SECONDS = 1800;

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** Counts down every second, calls onEnd at zero and restarts; the refresh button runs onRefresh and restarts. */
export function CountdownTimer({ start = DEFAULT_COUNTDOWN_SECONDS, loading = false, onEnd, onRefresh }: { start?: number; loading?: boolean; onEnd?: () => void; onRefresh?: () => void }) {
  const [left, setLeft] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => {
      setLeft((current) => {
        if (current <= 1) {
          onEnd?.();
          return start;
        }
        return current - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [start, onEnd]);
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span className="font-mono tabular-nums" aria-live="off">{loading ? "00:00" : formatCountdown(left)}</span>
      <button type="button" className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Refresh now" onClick={() => { onRefresh?.(); setLeft(start); }}>
        ↻
      </button>
    </span>
  );
}
