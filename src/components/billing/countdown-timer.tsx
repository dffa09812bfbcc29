"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Counts down from `seconds` (default 1800) every second, calls onEnd at zero and starts again; the
 * manual refresh runs onRefresh and restarts. While loading it shows 00:00 (spec 4.10).
 */
export function CountdownTimer({ seconds = 1800, onEnd, onRefresh, loading }: { seconds?: number; onEnd: () => void; onRefresh: () => void; loading?: boolean }) {
  const [left, setLeft] = useState(seconds);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;

  useEffect(() => {
    const timer = setInterval(() => {
      setLeft((value) => {
        if (value <= 1) {
          onEndRef.current();
          return seconds;
        }
        return value - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);

  const shown = loading ? 0 : left;
  const text = `${String(Math.floor(shown / 60)).padStart(2, "0")}:${String(shown % 60).padStart(2, "0")}`;
  return (
    <div className="flex items-center gap-2 text-xs text-slate-500">
      <span aria-label="Next refresh in" className="font-mono tabular-nums" data-testid="countdown">{text}</span>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-2 py-1 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        disabled={loading}
        onClick={() => {
          onRefresh();
          setLeft(seconds);
        }}
      >
        Refresh
      </button>
    </div>
  );
}
