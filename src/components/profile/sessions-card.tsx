"use client";

import { formatDistanceToNow } from "date-fns";
import { signOut } from "~/components/auth/sign-in-out";
import { Card } from "~/components/ui/card";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { api } from "~/trpc/react";

/** Where the account is signed in: each sign-in with its device, address and times. */
export function SessionsCard() {
  const { dateTime: when } = useUserFormat();
  const sessions = api.users.sessions.useQuery();
  const utils = api.useUtils();
  const refresh = () => utils.users.sessions.invalidate();
  const revoke = api.users.revokeSession.useMutation({
    onSuccess: () => toast.success("That session has been signed out."),
    onError: (error) => toast.error(errorMessage(error, "Failed to sign out that session. Please try again.")),
    onSettled: refresh,
  });
  const others = api.users.signOutOtherSessions.useMutation({
    onSuccess: ({ ended }) => toast.success(ended === 0 ? "There were no other sessions." : "All other sessions have been signed out."),
    onError: (error) => toast.error(errorMessage(error, "Failed to sign out other sessions. Please try again.")),
    onSettled: refresh,
  });
  const everywhere = api.users.signOutEverywhere.useMutation({
    onSuccess: () => signOut({ callbackUrl: "/" }),
    onError: (error) => toast.error(errorMessage(error, "Failed to sign out. Please try again.")),
  });
  // This device first, then the others by last activity (the server's order).
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const otherCount = list.filter((session) => !session.current).length;

  return (
    <Card title="Sessions">
      <p className="mt-2 text-sm text-slate-600">
        The browsers and devices signed in to your account. Sign out any you do not recognise, then change your password.
      </p>
      {sessions.isPending ? (
        <p className="mt-3 text-sm text-slate-500" role="status">
          Loading sessions...
        </p>
      ) : sessions.error ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          Failed to load your sessions. Please try again.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Signed-in sessions">
          {list.map((session) => (
            <li key={session.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {session.device}
                  {session.current ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">This device</span>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  <span className="break-all">{session.ip}</span> · Signed in {when(session.createdAt)} · Last active{" "}
                  <time dateTime={new Date(session.lastSeenAt).toISOString()} title={when(session.lastSeenAt)}>
                    {formatDistanceToNow(new Date(session.lastSeenAt), { addSuffix: true })}
                  </time>
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="btn-secondary shrink-0 self-start sm:self-auto"
                  aria-label={`Sign out ${session.device}, signed in ${when(session.createdAt)}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ sessionId: session.id })}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" disabled={others.isPending || otherCount === 0} onClick={() => others.mutate()}>
          {others.isPending ? "Signing out..." : "Sign out all other sessions"}
        </button>
        <button type="button" className="btn-secondary" disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
          {everywhere.isPending ? "Signing out..." : "Sign out everywhere, this device too"}
        </button>
      </div>
    </Card>
  );
}
