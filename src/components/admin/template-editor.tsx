"use client";

import { format } from "date-fns";
import { useEffect, useRef, useState } from "react";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { MAIL_BODY_MAX, MAIL_GROUP_LABELS, MAIL_SUBJECT_MAX, type MailKindName } from "~/lib/schemas/mail-templates";
import { api, type RouterOutputs } from "~/trpc/react";

type Template = RouterOutputs["admin"]["templates"]["get"];
type Preview = RouterOutputs["admin"]["templates"]["preview"];
interface Draft {
  subject: string;
  body: string;
}

const PREVIEW_DELAY_MS = 300;

/**
 * /admin/templates/[kind]: the subject and text of one mail with its placeholders, a live preview
 * rendered with sample data (in a sandboxed frame: the mail's HTML runs nothing), and Save, Reset to
 * built-in and Send me a test.
 */
export function TemplateEditor({ kind }: { kind: MailKindName }) {
  const utils = api.useUtils();
  // Not refetched on focus: that would not replace the draft, but it would make the saved state jump.
  const template = api.admin.templates.get.useQuery({ kind }, { refetchOnWindowFocus: false });
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (template.data && draft === null) setDraft({ subject: template.data.subject, body: template.data.body });
  }, [template.data, draft]);

  /** Reloads the saved state and shows it in the editor (as stored: trimmed, with its line ends). */
  const reload = async () => {
    await Promise.all([utils.admin.templates.get.invalidate({ kind }), utils.admin.templates.list.invalidate()]);
    const fresh = utils.admin.templates.get.getData({ kind });
    if (fresh) setDraft({ subject: fresh.subject, body: fresh.body });
  };
  const save = api.admin.templates.save.useMutation({
    onSuccess: async () => {
      toast.success("Saved: the next mail of this kind uses this text.");
      await reload();
    },
  });
  const reset = api.admin.templates.reset.useMutation({
    onSuccess: async () => {
      toast.success("Back to the built-in mail.");
      await reload();
    },
    onError: (error) => toast.error(error.message),
  });
  const sendTest = api.admin.templates.sendTest.useMutation({
    onSuccess: ({ to }) => toast.success(`Test mail queued to ${to}.`),
    onError: (error) => toast.error(error.message),
  });

  if (template.error)
    return <FormMessage kind="error">{errorMessage(template.error, "This mail template could not be loaded.")}</FormMessage>;
  if (!template.data || !draft) return <p className="text-sm text-slate-500">Loading...</p>;

  const data = template.data;
  const dirty = draft.subject !== data.subject || draft.body !== data.body;
  const resetTemplate = () => {
    if (window.confirm("Go back to the built-in mail? Your text for this mail is deleted.")) reset.mutate({ kind });
  };

  return (
    <div>
      <header className="mb-6">
        <h1 className="text-2xl font-bold">{data.title}</h1>
        <p className="mt-1 text-slate-600">{data.description}</p>
        <p className="mt-2 text-sm text-slate-600">
          <span className="mr-2 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {MAIL_GROUP_LABELS[data.group]}
          </span>
          {data.customized ? (
            <>
              Customized{data.updatedBy ? ` by ${data.updatedBy.email}` : ""}
              {data.updatedAt ? `, ${format(new Date(data.updatedAt), "d MMM yyyy, HH:mm")}` : ""}
            </>
          ) : (
            "The built-in text is in use."
          )}
        </p>
      </header>

      <div className="grid gap-8 xl:grid-cols-2">
        <TemplateForm
          data={data}
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            if (save.error) save.reset(); // the refusal was about the text before this edit
          }}
          actions={
            <>
              <button
                type="button"
                className="btn-primary"
                disabled={!dirty || save.isPending}
                onClick={() => save.mutate({ kind, ...draft })}
              >
                {save.isPending ? "Saving..." : "Save"}
              </button>
              <button type="button" className="btn-secondary" disabled={!data.customized || reset.isPending} onClick={resetTemplate}>
                Reset to built-in
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={sendTest.isPending}
                onClick={() => sendTest.mutate({ kind, ...draft })}
              >
                {sendTest.isPending ? "Sending..." : "Send me a test"}
              </button>
              {dirty ? <span className="self-center text-sm text-slate-600">Unsaved changes</span> : null}
            </>
          }
          saveError={save.error ? errorMessage(save.error, "The template could not be saved.") : null}
        />
        <TemplatePreview kind={kind} draft={draft} />
      </div>
    </div>
  );
}

function TemplateForm({
  data,
  draft,
  onChange,
  actions,
  saveError,
}: {
  data: Template;
  draft: Draft;
  onChange: (draft: Draft) => void;
  actions: React.ReactNode;
  saveError: string | null;
}) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<"subject" | "body">("body");

  /** Puts a placeholder where the cursor was, in the field last used. */
  const insert = (name: string) => {
    const field = lastField.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const text = draft[field];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const token = `{${name}}`;
    onChange({ ...draft, [field]: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className="space-y-5">
      <div>
        <label htmlFor="template-subject" className="field-label">
          Subject
        </label>
        <input
          ref={subjectRef}
          id="template-subject"
          className="field-input"
          value={draft.subject}
          maxLength={MAIL_SUBJECT_MAX}
          onFocus={() => (lastField.current = "subject")}
          onChange={(event) => onChange({ ...draft, subject: event.target.value })}
        />
        <p className="mt-1 text-xs text-slate-500">
          {draft.subject.length} / {MAIL_SUBJECT_MAX} characters
        </p>
      </div>
      <div>
        <label htmlFor="template-body" className="field-label">
          Text
        </label>
        <textarea
          ref={bodyRef}
          id="template-body"
          className="field-input font-mono"
          rows={16}
          value={draft.body}
          maxLength={MAIL_BODY_MAX}
          aria-describedby="template-body-hint"
          onFocus={() => (lastField.current = "body")}
          onChange={(event) => onChange({ ...draft, body: event.target.value })}
        />
        <p id="template-body-hint" className="mt-1 text-xs text-slate-500">
          A blank line starts a new paragraph. A paragraph holding only the link placeholder becomes the button; one holding only the code
          becomes the large code; one whose every line reads “Label: {"{placeholder}"}” becomes a small table. The brand, sign-off and
          footer stay as they are. {draft.body.length.toLocaleString("en")} / {MAIL_BODY_MAX.toLocaleString("en")} characters.
        </p>
      </div>

      <section aria-labelledby="placeholders-heading">
        <h2 id="placeholders-heading" className="text-sm font-semibold text-slate-900">
          Placeholders
        </h2>
        <p className="text-xs text-slate-500">
          Click one to put it at the cursor. Sample values are used in the preview and the test mail.
        </p>
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
          {data.placeholders.map((placeholder) => (
            <li key={placeholder.name} className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3">
              <button
                type="button"
                className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800 hover:bg-brand-50"
                onClick={() => insert(placeholder.name)}
              >
                {`{${placeholder.name}}`}
              </button>
              <span className="min-w-0 flex-1">
                {placeholder.about}
                {placeholder.required ? (
                  <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">required</span>
                ) : null}
                <span className="block truncate text-xs text-slate-500">Sample: {placeholder.sample || "(empty)"}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      {saveError ? <FormMessage kind="error">{saveError}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

/** The draft rendered with sample data, a moment after each change. */
function TemplatePreview({ kind, draft }: { kind: MailKindName; draft: Draft }) {
  const preview = api.admin.templates.preview.useMutation();
  const { mutateAsync } = preview;
  const [rendered, setRendered] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [view, setView] = useState<"html" | "text">("html");
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    const timer = window.setTimeout(() => {
      mutateAsync({ kind, ...draft })
        .then((result) => {
          if (request !== latest.current) return; // an older answer arriving late
          setRendered(result);
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (request === latest.current) setFailure(errorMessage(error, "The preview could not be rendered."));
        });
    }, PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [kind, draft, mutateAsync]);

  const problems = failure ? [failure] : (rendered?.problems ?? []);
  return (
    <section aria-labelledby="preview-heading" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div role="group" aria-label="Preview format" className="flex gap-1 text-sm">
          {(["html", "text"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`rounded-lg px-3 py-1 ${view === option ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}
            >
              {option === "html" ? "HTML" : "Plain text"}
            </button>
          ))}
        </div>
      </div>
      {problems.length ? (
        <div role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">This text cannot be saved yet:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {rendered ? (
        <div className="mt-3 overflow-hidden rounded-xl border border-slate-200 bg-white">
          <p className="border-b border-slate-200 px-4 py-2 text-sm">
            <span className="text-slate-500">Subject: </span>
            <span className="font-medium" data-testid="preview-subject">
              {rendered.subject}
            </span>
          </p>
          {view === "html" ? (
            // No sandbox permissions at all: the mail's HTML can run no script and open nothing.
            <iframe title="Mail preview" sandbox="" srcDoc={rendered.html} className="h-[36rem] w-full" />
          ) : (
            <pre className="max-h-[36rem] overflow-auto whitespace-pre-wrap break-words p-4 text-sm">{rendered.text}</pre>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-500">Rendering the preview...</p>
      )}
    </section>
  );
}
