"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { errorMessage } from "~/components/ui/form-field";

type State = { kind: "pending" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * The page a mailed link opens: it runs the link's action once (React's strict mode mounts effects
 * twice in development; a used token would then fail the second time) and shows how it went.
 */
export function TokenLink({
  title,
  token,
  run,
  pendingText,
  success,
  failureExtra,
}: {
  title: string;
  token: string;
  run: (token: string) => Promise<unknown>;
  pendingText: string;
  success: ReactNode;
  failureExtra?: ReactNode;
}) {
  const [state, setState] = useState<State>(
    token
      ? { kind: "pending" }
      : {
          kind: "failed",
          message: "The link is incomplete. Open it again from the email, or copy the whole address into the browser.",
        },
  );
  const started = useRef(false);
  const runRef = useRef(run);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    runRef
      .current(token)
      .then(() => setState({ kind: "done" }))
      .catch((error: unknown) => setState({ kind: "failed", message: errorMessage(error, "Something went wrong. Please try again.") }));
  }, [token]);

  return (
    <div className="mx-auto min-h-[50vh] max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-live="polite">
        {state.kind === "pending" ? (
          <p role="status" className="text-slate-600">
            {pendingText}
          </p>
        ) : null}
        {state.kind === "done" ? success : null}
        {state.kind === "failed" ? (
          <>
            <p role="alert" className="text-red-700">
              {state.message}
            </p>
            {failureExtra}
          </>
        ) : null}
      </div>
    </div>
  );
}
