import Link from "next/link";
import { isStaff } from "~/lib/permissions";
import { serverApi } from "~/server/api/server-caller";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "~/server/api/trpc";

/**
 * The 403 page of the management area (only /admin calls forbidden()). A staff member without
 * two-factor sign-in is told how to turn it on; everyone else, signed out too, is told the area is not theirs.
 */
export default async function Forbidden() {
  const me = await (await serverApi()).users.me().catch(() => null);
  if (me && isStaff(me.role) && !me.twoFactorEnabled) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="text-2xl font-bold">Management</h1>
        <div role="alert" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <p className="font-semibold">Two-factor sign-in required</p>
          <p className="mt-1 text-sm">{TWO_FACTOR_REQUIRED_MESSAGE}</p>
          <Link href="/profile?tab=security" className="btn-primary mt-4">
            Open the Security tab
          </Link>
        </div>
      </div>
    );
  }
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
