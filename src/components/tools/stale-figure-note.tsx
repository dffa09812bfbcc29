/**
 * Beside a figure older than the tools' limit (STALE_FIGURE_MONTHS, decided on the server): the period
 * it is from, so nobody takes an old semester fee or rate for this year's.
 */
export function StaleFigureNote({ stale, className = "" }: { stale: { period: string } | null | undefined; className?: string }) {
  if (!stale) return null;
  return (
    <p data-testid="stale-figure" className={`text-xs font-medium leading-5 text-amber-800 ${className}`}>
      <span aria-hidden="true">⚠ </span>Figure from {stale.period}: it may have changed since.
    </p>
  );
}
