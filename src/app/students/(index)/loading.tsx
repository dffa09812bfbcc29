export default function Loading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16" role="status">
      <p className="text-slate-600">Loading services...</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-28 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </div>
    </div>
  );
}
