"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FileUpload } from "~/components/ui/file-upload";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { DOCUMENT_TYPE_LABELS, documentDownloadHref, documentNameSchema, formatBytes, renameDocumentSchema } from "~/lib/schemas/documents";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB } from "~/lib/schemas/service-work";
import { api } from "~/trpc/react";
import { type UserDocument, uploadDocumentFile } from "./upload";

/** Refreshes what an upload, rename or delete changes: the list, the quota and the Account tab's count. */
function useDocumentsRefresh() {
  const utils = api.useUtils();
  return () => Promise.all([utils.documents.list.invalidate(), utils.documents.usage.invalidate(), utils.account.overview.invalidate()]);
}

/** The profile's Documents tab: quota, upload, and each document with its versions. */
export function DocumentsTab() {
  const documents = api.documents.list.useQuery();
  const usage = api.documents.usage.useQuery();
  const maxFileMb = usage.data?.maxFileMb ?? DOCUMENT_MAX_MB;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="text-lg font-semibold">
          Documents
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          PDF, JPEG, PNG or Word (.docx) files up to {maxFileMb} MB each. Share them with a document review or a coaching session; only you
          and the staff working on your request can open them.
        </p>
        {usage.data ? <QuotaBar used={usage.data.usedBytes} quota={usage.data.quotaBytes} /> : null}
        <UploadForm maxFileMb={maxFileMb} />
      </section>

      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="documents-list-heading">
        <h2 id="documents-list-heading" className="text-lg font-semibold">
          Your documents
        </h2>
        {documents.isPending ? (
          <p className="mt-3 text-sm text-slate-500" role="status">
            Loading your documents...
          </p>
        ) : documents.error ? (
          <p className="mt-3 text-sm text-red-700" role="alert">
            Failed to load your documents. Please try again.
          </p>
        ) : documents.data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No documents yet. Upload your first one above.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100">
            {documents.data.map((document) => (
              <DocumentRow key={document.id} document={document} maxFileMb={maxFileMb} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function QuotaBar({ used, quota }: { used: number; quota: number }) {
  const percent = Math.min(100, Math.round((used / quota) * 100));
  return (
    <div className="mt-4">
      <div className="flex justify-between text-sm">
        <span className="text-slate-600" id="documents-quota-label">
          Storage used
        </span>
        <span className="font-semibold" data-testid="documents-quota">
          {formatBytes(used)} of {formatBytes(quota)}
        </span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-labelledby="documents-quota-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatBytes(used)} of ${formatBytes(quota)}`}
      >
        <span className={`block h-full rounded-full ${percent >= 90 ? "bg-red-600" : "bg-brand-600"}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

const uploadFormSchema = z.object({
  file: z
    .instanceof(File, { message: "Choose a file to upload." })
    .optional()
    .refine((file) => file !== undefined, "Choose a file to upload."),
  name: z.union([z.literal(""), documentNameSchema]),
});

function UploadForm({ maxFileMb }: { maxFileMb: number }) {
  const refresh = useDocumentsRefresh();
  const [widgetKey, setWidgetKey] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof uploadFormSchema>, unknown, z.output<typeof uploadFormSchema>>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { file: undefined, name: "" },
  });

  const submit = form.handleSubmit(async ({ file, name }) => {
    setRefusal(null);
    try {
      const document = await uploadDocumentFile(file!, { name });
      toast.success(`“${document.name}” was uploaded.`);
      form.reset({ file: undefined, name: "" });
      setWidgetKey((key) => key + 1);
      await refresh();
    } catch (error) {
      setRefusal(errorMessage(error, "The upload failed. Please try again."));
    }
  });

  return (
    <form className="mt-5 space-y-3 border-t border-slate-100 pt-4" onSubmit={submit} aria-label="New document" noValidate>
      <FileUpload
        key={widgetKey}
        label="Upload a document"
        accept={DOCUMENT_ACCEPT}
        maxSizeMB={maxFileMb}
        onSelect={(file) => {
          setRefusal(null);
          form.setValue("file", file, { shouldValidate: true });
        }}
      />
      {form.formState.errors.file ? <p className="text-sm text-red-700">{form.formState.errors.file.message}</p> : null}
      <TextField
        id="document-name"
        label="Name (optional)"
        placeholder="e.g. Bachelor transcript"
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      {refusal ? <FormMessage kind="error">{refusal}</FormMessage> : null}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Uploading..." : "Upload"}
      </button>
    </form>
  );
}

function DocumentRow({ document, maxFileMb }: { document: UserDocument; maxFileMb: number }) {
  const { date } = useUserFormat();
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [addingVersion, setAddingVersion] = useState(false);
  const latest = document.latest;
  const versionCount = document.versions.length;

  return (
    <li className="py-4" aria-label={document.name}>
      {renaming ? (
        <RenameForm document={document} onDone={() => setRenaming(false)} />
      ) : (
        <h3 className="break-words font-semibold text-slate-900">{document.name}</h3>
      )}
      {latest ? (
        <p className="mt-1 text-sm text-slate-600">
          {DOCUMENT_TYPE_LABELS[latest.mimeType] ?? "File"} · {versionCount === 1 ? "1 version" : `${versionCount} versions`} ·{" "}
          {formatBytes(latest.sizeBytes)} · {versionCount === 1 ? "uploaded" : "updated"} {date(latest.createdAt)}
        </p>
      ) : null}
      {document.sharedWithOpenRequest ? <p className="mt-1 text-xs font-medium text-brand-700">Shared with an open request</p> : null}
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a
          className="font-medium text-brand-600 hover:underline"
          href={documentDownloadHref(document.id)}
          download
          aria-label={`Download ${document.name}`}
        >
          Download
        </a>
        {!renaming ? (
          <button
            type="button"
            className="font-medium text-brand-600 hover:underline"
            onClick={() => setRenaming(true)}
            aria-label={`Rename ${document.name}`}
          >
            Rename
          </button>
        ) : null}
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline"
          onClick={() => setAddingVersion(true)}
          aria-label={`Upload new version of ${document.name}`}
        >
          Upload new version
        </button>
        <button
          type="button"
          className="font-medium text-red-700 hover:underline"
          onClick={() => setConfirmingDelete(true)}
          aria-label={`Delete ${document.name}`}
        >
          Delete
        </button>
      </div>
      {versionCount > 1 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-600">All versions</summary>
          <ol className="mt-2 space-y-1">
            {document.versions.map((version) => (
              <li key={version.version} className="flex flex-wrap gap-x-2 text-slate-600">
                <a className="font-medium text-brand-600 hover:underline" href={version.downloadUrl} download>
                  Version {version.version}
                </a>
                <span className="break-all">{version.fileName}</span>
                <span>
                  · {formatBytes(version.sizeBytes)} · {date(version.createdAt)}
                </span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <NewVersionModal document={document} open={addingVersion} onOpenChange={setAddingVersion} maxFileMb={maxFileMb} />
      <DeleteModal document={document} open={confirmingDelete} onOpenChange={setConfirmingDelete} />
    </li>
  );
}

function RenameForm({ document, onDone }: { document: UserDocument; onDone: () => void }) {
  const refresh = useDocumentsRefresh();
  const rename = api.documents.rename.useMutation();
  const form = useForm({
    resolver: zodResolver(renameDocumentSchema),
    defaultValues: { id: document.id, name: document.name },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await rename.mutateAsync(input);
      toast.success("Document renamed.");
      await refresh();
      onDone();
    } catch (error) {
      form.setError("name", { message: errorMessage(error, "Failed to rename the document. Please try again.") });
    }
  });
  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
      <div className="flex-1">
        <TextField
          id={`rename-${document.id}`}
          label="Document name"
          autoFocus
          error={form.formState.errors.name?.message}
          {...form.register("name")}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
          Save
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NewVersionModal({
  document,
  open,
  onOpenChange,
  maxFileMb,
}: {
  document: UserDocument;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maxFileMb: number;
}) {
  const refresh = useDocumentsRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setRefusal(null);
    }
    onOpenChange(next);
  };

  async function send() {
    if (!file) return setRefusal("Choose a file to upload.");
    setUploading(true);
    setRefusal(null);
    try {
      const updated = await uploadDocumentFile(file, { documentId: document.id });
      toast.success(`Version ${updated.latest?.version ?? ""} of “${updated.name}” was uploaded.`);
      await refresh();
      close(false);
    } catch (error) {
      setRefusal(errorMessage(error, "The upload failed. Please try again."));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={close} title="Upload new version" description={`The earlier versions of “${document.name}” are kept.`}>
      <div className="space-y-3">
        <FileUpload
          label="New version"
          accept={DOCUMENT_ACCEPT}
          maxSizeMB={maxFileMb}
          onSelect={(selected) => {
            setFile(selected);
            setRefusal(null);
          }}
        />
        {refusal ? <FormMessage kind="error">{refusal}</FormMessage> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => close(false)}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={send} disabled={uploading}>
            {uploading ? "Uploading..." : "Upload"}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function DeleteModal({ document, open, onOpenChange }: { document: UserDocument; open: boolean; onOpenChange: (open: boolean) => void }) {
  const refresh = useDocumentsRefresh();
  const remove = api.documents.delete.useMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirm() {
    setRefusal(null);
    try {
      await remove.mutateAsync({ id: document.id });
      toast.success(`“${document.name}” was deleted.`);
      onOpenChange(false);
      await refresh();
    } catch (error) {
      setRefusal(errorMessage(error, "Failed to delete the document. Please try again."));
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(null);
        onOpenChange(next);
      }}
      title="Delete document"
      description={`Delete “${document.name}” with all its versions? This cannot be undone.`}
    >
      {refusal ? (
        <FormMessage kind="error" className="mb-3">
          {refusal}
        </FormMessage>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button type="button" className="btn-primary bg-red-600 hover:bg-red-700" onClick={confirm} disabled={remove.isPending}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
