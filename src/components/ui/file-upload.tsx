"use client";

import { useId, useState } from "react";
import { DEFAULT_MAX_FILE_MB, validateFile } from "~/lib/ui/file-upload";

/** A file input with the spec's size and type checks; only valid files reach onSelect. */
export function FileUpload({
  label,
  accept,
  maxSizeMB = DEFAULT_MAX_FILE_MB,
  onSelect,
}: {
  label: string;
  accept?: string;
  maxSizeMB?: number;
  onSelect: (file: File) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600 hover:border-brand-500"
      >
        <span className="font-semibold text-brand-700">Choose a file</span>
        <span className="mt-1 text-xs">
          {accept ? `${accept} · ` : ""}up to {maxSizeMB} MB
        </span>
        {name ? <span className="mt-2 font-medium text-slate-900">{name}</span> : null}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const problem = validateFile(file, { maxSizeMB, accept });
          setError(problem);
          setName(problem ? null : file.name);
          if (problem) event.target.value = "";
          else onSelect(file);
        }}
      />
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
