"use client";

/**
 * What a signed-out visitor sees on a page that needs an account: why, and the two ways in.
 * `onChoose` opens the chosen dialog (the caller may remember a plan first).
 */
export function SignInPrompt({ reason, onChoose }: { reason: string; onChoose: (modal: "signup" | "login") => void }) {
  return (
    <div>
      <p className="text-slate-700">{reason}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => onChoose("signup")}>
          Sign up
        </button>
        <button type="button" className="btn-secondary" onClick={() => onChoose("login")}>
          Login
        </button>
      </div>
    </div>
  );
}
