import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-600">403</p>
      <h1 className="mt-2 text-3xl font-bold">Access denied</h1>
      <p className="mt-3 text-slate-600">
        This area is only for administrators. If you think you should have access, sign in with an admin account.
      </p>
      <Link href="/" className="btn-primary mt-6">
        Back to the home page
      </Link>
    </div>
  );
}
