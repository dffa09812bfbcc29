"use client";

import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

interface FieldFrame {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its error below; spread react-hook-form's `register(name)` into it. */
export function TextField({ id, label, error, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & FieldFrame) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </Field>
  );
}

/** A labelled text area with its hint and error below; spread react-hook-form's `register(name)` into it. */
export function TextAreaField({ id, label, error, hint, rows = 3, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrame) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        rows={rows}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
    </Field>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function Field({ id, label, error, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's outcome: an error (role alert) or a success or information line (role status). */
export function FormMessage({
  kind,
  children,
  className = "",
}: {
  kind: "error" | "success" | "info";
  children: ReactNode;
  className?: string;
}) {
  const colours = {
    error: "bg-red-50 text-red-700",
    success: "bg-green-50 text-green-800",
    info: "bg-brand-50 text-brand-700",
  }[kind];
  return (
    <p role={kind === "error" ? "alert" : "status"} className={`rounded-lg px-3 py-2 text-sm ${colours} ${className}`}>
      {children}
    </p>
  );
}

/** The message of a failed call, as the server wrote it for users, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
