"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { FileUpload } from "~/components/ui/file-upload";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { DOCUMENT_TYPE_LABELS, formatBytes } from "~/lib/schemas/documents";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB } from "~/lib/schemas/service-work";
import { api } from "~/trpc/react";
import { uploadDocumentFile } from "./upload";

/**
 * Picks documents of the signed-in user to share (with a review request or a coaching session): a
 * checkbox per document, and an upload whose new document is picked at once.
 */
export function DocumentPicker({
  value,
  onChange,
  label = "Documents to share",
}: {
  value: string[];
  onChange(ids: string[]): void;
  label?: string;
}) {
  const utils = api.useUtils();
  const documents = api.documents.list.useQuery();
  const usage = api.documents.usage.useQuery();
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [widgetKey, setWidgetKey] = useState(0);
  const hintId = useId();

  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value.filter((picked) => picked !== id), id] : value.filter((picked) => picked !== id));

  async function upload(file: File) {
    setUploading(true);
    setRefusal(null);
    try {
      const document = await uploadDocumentFile(file);
      onChange([...value, document.id]);
      setWidgetKey((key) => key + 1);
      await Promise.all([utils.documents.list.invalidate(), utils.documents.usage.invalidate()]);
    } catch (error) {
      setRefusal(errorMessage(error, "The upload failed. Please try again."));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="field-label">{label}</legend>
      <p id={hintId} className="text-xs text-slate-500">
        Pick from your documents or upload a new one. Manage them under{" "}
        <Link className="text-brand-600 hover:underline" href="/profile?tab=documents">
          Documents in your profile
        </Link>
        .
      </p>
      {documents.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading your documents...
        </p>
      ) : documents.error ? (
        <p className="text-sm text-red-700" role="alert">
          Failed to load your documents. Please try again.
        </p>
      ) : documents.data.length === 0 ? (
        <p className="text-sm text-slate-500">You have no documents yet.</p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {documents.data.map((document) => (
            <li key={document.id}>
              <label className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4"
                  checked={value.includes(document.id)}
                  onChange={(event) => toggle(document.id, event.target.checked)}
                />
                <span className="min-w-0">
                  <span className="block break-words font-medium text-slate-900">{document.name}</span>
                  {document.latest ? (
                    <span className="block text-xs text-slate-500">
                      {DOCUMENT_TYPE_LABELS[document.latest.mimeType] ?? "File"} · version {document.latest.version} ·{" "}
                      {formatBytes(document.latest.sizeBytes)}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FileUpload
        key={widgetKey}
        label="Upload a new document"
        accept={DOCUMENT_ACCEPT}
        maxSizeMB={usage.data?.maxFileMb ?? DOCUMENT_MAX_MB}
        onSelect={(file) => void upload(file)}
      />
      {uploading ? (
        <p className="text-sm text-slate-500" role="status">
          Uploading...
        </p>
      ) : null}
      {refusal ? <FormMessage kind="error">{refusal}</FormMessage> : null}
    </fieldset>
  );
}
