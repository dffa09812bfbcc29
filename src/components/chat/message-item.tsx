"use client";

import type { UIMessage } from "ai";
import Link from "next/link";
import { type RefObject, useEffect, useRef, useState } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { toast } from "~/components/ui/toast";
import { FROM_OUR_GUIDES, hostedModelName } from "~/lib/chat-models";
import {
  type AssistantMetadata,
  answerAdmitsNotKnowing,
  type ChatModelChoice,
  type ConsideredPassage,
  chargeNote,
  DISLIKE_REASONS,
  type ToolLink,
} from "~/lib/schemas/chat";
import { askCommunityHref } from "~/lib/schemas/community";
import { getSessionId, messageText, nextFeedbackOrder } from "./chat-session";
import { copyAnswer } from "./copy-answer";

const COPIED_MS = 3000;

/** Spec 9: red below 0.4, yellow below 0.7, green otherwise; a percentage with 1 decimal. */
export function confidenceTone(score: number): "red" | "yellow" | "green" {
  return score < 0.4 ? "red" : score < 0.7 ? "yellow" : "green";
}

const TONE_CLASSES = {
  red: "bg-red-50 text-red-700 ring-red-200",
  yellow: "bg-amber-50 text-amber-800 ring-amber-200",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-200",
} as const;

function ConfidenceBadge({ score }: { score: number }) {
  const tone = confidenceTone(score);
  return (
    <span data-testid="confidence" data-tone={tone} className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONE_CLASSES[tone]}`}>
      Relevant: {(score * 100).toFixed(1)}%
    </span>
  );
}

function Markdown({ text }: { text: string }) {
  return (
    <div className="prose-chat space-y-2 break-words text-[15px] leading-relaxed [&_a]:text-brand-600 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:whitespace-pre-line [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

interface FeedbackContext {
  conversationId: string;
  userPrompt: string | null;
  chatModel: ChatModelChoice;
}

/** Sends the answer's feedback record; resolves to an error message for the user, or null on success. */
async function sendFeedback(message: UIMessage, context: FeedbackContext, type: "like" | "dislike", reason?: string, comment?: string) {
  const metadata = (message.metadata ?? {}) as AssistantMetadata;
  const content = messageText(message);
  const record = {
    userId: "anonymous",
    messageId: message.id,
    feedbackType: type,
    messageContent: content,
    userPrompt: context.userPrompt,
    conversationId: context.conversationId,
    messageOrder: nextFeedbackOrder(),
    ragEnabled: Boolean(metadata.ragEnabled),
    confidenceScore: metadata.confidence ?? null,
    sourcesCount: metadata.sourcesCount ?? null,
    chatModel: context.chatModel,
    embeddingModel: metadata.ragEnabled ? "openai-large" : null,
    dislikeReason: reason ?? null,
    customFeedback: comment?.trim() || null,
    responseLength: content.length,
    responseTime: metadata.responseTimeMs ?? null,
    isStreaming: true,
    pageUrl: window.location.href,
    userType: "student",
  };
  try {
    const response = await fetch("/api/feedback", {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-id": getSessionId() },
      body: JSON.stringify(record),
    });
    const data = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
    if (!response.ok || !data?.success) return data?.error ?? "Failed to send feedback";
    return null;
  } catch (error) {
    console.error("Feedback failed:", error);
    return "Network error while sending feedback";
  }
}

/** Small line icons (no emoji: not every system has an emoji font). */
function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      className="mr-1 inline-block align-[-2px]"
    >
      <path d={path} />
    </svg>
  );
}
const THUMB_UP =
  "M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z";
const THUMB_DOWN =
  "M17 14V2M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z";
const REGENERATE = "M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5";

function MessageActions({
  message,
  context,
  onRegenerate,
  rendered,
}: {
  message: UIMessage;
  context: FeedbackContext;
  onRegenerate?: () => void;
  /** The answer as shown: its HTML is the rich text that is copied. */
  rendered: RefObject<HTMLDivElement | null>;
}) {
  const [copied, setCopied] = useState(false);
  const [opinion, setOpinion] = useState<"like" | "dislike" | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [comment, setComment] = useState("");
  const [sendingComment, setSendingComment] = useState(false);
  // Said in place once a comment is sent, where the panel was.
  const [thanked, setThanked] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  // The reasons open below the answer: bring them into view, above the composer.
  useEffect(() => {
    if (panelOpen) panelRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [panelOpen]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await copyAnswer(messageText(message), rendered.current?.innerHTML ?? null);
      setCopied(true);
    } catch {
      toast.error("Could not copy the answer");
    }
  }

  async function like() {
    if (opinion === "like") {
      setOpinion(null);
      return;
    }
    const previous = { opinion, reason };
    setOpinion("like");
    setReason(null);
    setPanelOpen(false);
    setThanked(false);
    const error = await sendFeedback(message, context, "like");
    if (error) {
      console.error("Like not saved:", error);
      toast.error(error);
      setOpinion(previous.opinion);
      setReason(previous.reason);
    }
  }

  function dislike() {
    if (opinion === "dislike") {
      // A second click removes the dislike and its reason.
      setOpinion(null);
      setReason(null);
      setPanelOpen(false);
      setThanked(false);
      return;
    }
    setOpinion("dislike");
    setThanked(false);
    setPanelOpen(true);
  }

  /** A reason is recorded at once; the panel stays open for a comment until it is sent or closed. */
  async function chooseReason(choice: string) {
    setReason(choice);
    const error = await sendFeedback(message, context, "dislike", choice);
    if (error) {
      console.error("Dislike not saved:", error);
      toast.error(error);
    }
  }

  async function sendComment() {
    if (!reason || !comment.trim()) return;
    setSendingComment(true);
    const error = await sendFeedback(message, context, "dislike", reason, comment);
    setSendingComment(false);
    if (error) {
      console.error("Comment not saved:", error);
      toast.error(error);
      return;
    }
    setComment("");
    setPanelOpen(false);
    setThanked(true);
  }

  const button =
    "rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500";
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" className={button} onClick={copy} aria-label="Copy answer">
          {copied ? "Copied!" : "Copy"}
        </button>
        <button
          type="button"
          className={`${button} ${opinion === "like" ? "bg-emerald-50 text-emerald-700" : ""}`}
          aria-pressed={opinion === "like"}
          onClick={like}
        >
          <Icon path={THUMB_UP} />
          Like
        </button>
        <button
          type="button"
          className={`${button} ${opinion === "dislike" ? "bg-red-50 text-red-700" : ""}`}
          aria-pressed={opinion === "dislike"}
          onClick={dislike}
        >
          <Icon path={THUMB_DOWN} />
          Dislike
        </button>
        {onRegenerate ? (
          <button type="button" className={button} onClick={onRegenerate}>
            <Icon path={REGENERATE} />
            Regenerate
          </button>
        ) : null}
      </div>
      {panelOpen ? (
        <div
          ref={panelRef}
          role="group"
          aria-label="Why didn't you like this answer?"
          className="mt-2 scroll-mb-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
        >
          <div className="mb-2 flex items-center justify-between">
            <p className="text-sm font-medium text-slate-700">What went wrong?</p>
            <button type="button" className={button} aria-label="Close feedback" onClick={() => setPanelOpen(false)}>
              ✕
            </button>
          </div>
          <div className="flex flex-wrap gap-2">
            {DISLIKE_REASONS.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={reason === choice}
                onClick={() => chooseReason(choice)}
                className={`rounded-full border px-3 py-1 text-xs ${reason === choice ? "border-red-300 bg-red-50 text-red-700" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
              >
                {choice}
              </button>
            ))}
          </div>
          <label className="field-label mt-3" htmlFor={`comment-${message.id}`}>
            Tell us more (optional)
          </label>
          <textarea
            id={`comment-${message.id}`}
            className="field-input"
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <button
            type="button"
            className="btn-secondary mt-2"
            disabled={!reason || !comment.trim() || sendingComment}
            onClick={sendComment}
          >
            Send comment
          </button>
          {reason ? null : <p className="mt-1 text-xs text-slate-500">Choose a reason above to send a comment.</p>}
        </div>
      ) : null}
      {thanked && !panelOpen ? (
        <p role="status" className="mt-2 text-xs text-emerald-700">
          Thank you for your feedback
        </p>
      ) : null}
    </div>
  );
}

/** Deep Thinking's work: the passages it considered, best first, each with its sources to open. */
function ConsideredPassages({ id, passages }: { id: string; passages: ConsideredPassage[] }) {
  return (
    <ol
      id={id}
      className="mt-2 space-y-2 rounded-xl border border-slate-200 bg-white p-3 text-sm"
      aria-label="Passages considered"
      data-testid="considered-passages"
    >
      {passages.map((passage, index) => (
        <li key={passage.id} className="border-b border-slate-100 pb-2 last:border-0 last:pb-0">
          <p className="font-medium text-slate-800">
            {index + 1}. {passage.articleTitle}
            {passage.heading ? <span className="font-normal text-slate-500"> · {passage.heading}</span> : null}
            {passage.quoted ? (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">quoted in the answer</span>
            ) : null}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">{passage.excerpt}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {passage.sources.map((source) => (
              <a key={source.url} href={source.url} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
                {source.title}
              </a>
            ))}
            <span className="text-slate-500">last reviewed {passage.lastReviewed}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Where an answer comes from: our guides (the knowledge base), or the hosted model by its product name. */
function answerOrigin(model: string | undefined): string | null {
  if (!model) return null;
  const hosted = hostedModelName(model);
  return hosted ? `Answered by ${hosted}` : FROM_OUR_GUIDES;
}

/**
 * Under each answer: the relevance, where it comes from with "N sources" (opening the passages Deep
 * Thinking considered; no count when there are none), and the tokens the answer was charged.
 */
function AnswerFooter({ messageId, metadata, streaming }: { messageId: string; metadata: AssistantMetadata; streaming: boolean }) {
  const [sourcesOpen, setSourcesOpen] = useState(false);
  const passages = metadata.passages ?? [];
  const listId = `sources-${messageId}`;
  const charged = streaming ? null : chargeNote(metadata);
  const origin = answerOrigin(metadata.model);
  const count = metadata.sourcesCount ?? 0;
  const sources = count === 1 ? "1 source" : `${count} sources`;
  return (
    <>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        {typeof metadata.confidence === "number" ? <ConfidenceBadge score={metadata.confidence} /> : null}
        {origin ? <span data-testid="answered-by">{origin}</span> : null}
        {count > 0 ? (
          passages.length ? (
            <button
              type="button"
              className="rounded px-1 underline decoration-dotted hover:text-brand-700"
              aria-expanded={sourcesOpen}
              aria-controls={listId}
              onClick={() => setSourcesOpen((open) => !open)}
            >
              {sources}
            </button>
          ) : (
            <span>{sources}</span>
          )
        ) : null}
        {charged ? <span data-testid="answer-tokens">{charged}</span> : null}
      </div>
      {sourcesOpen && passages.length ? <ConsideredPassages id={listId} passages={passages} /> : null}
    </>
  );
}

/** Under an answer from a tool's data: the tool, opened with the question's values (shown as chips). */
function ToolLinkCards({ links }: { links: ToolLink[] }) {
  return (
    <div className="mt-2 grid gap-2">
      {links.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          className="block min-w-0 rounded-xl border border-brand-200 bg-white px-4 py-3 shadow-sm hover:border-brand-400"
          data-testid="tool-link"
          data-tool={link.tool}
        >
          <span className="block text-sm font-semibold text-brand-800">{link.title} →</span>
          <span className="block text-xs text-slate-600">{link.description}</span>
          {link.values.length ? (
            <span className="mt-2 flex flex-wrap gap-1">
              {link.values.map((value) => (
                <span
                  key={value.label}
                  className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 ring-1 ring-brand-200"
                >
                  {value.label}: {value.value}
                </span>
              ))}
            </span>
          ) : null}
        </Link>
      ))}
    </div>
  );
}

export function MessageItem({
  message,
  streaming,
  context,
  onRegenerate,
}: {
  message: UIMessage;
  streaming: boolean;
  context: FeedbackContext;
  onRegenerate?: () => void;
}) {
  const text = messageText(message);
  const rendered = useRef<HTMLDivElement>(null);
  if (message.role === "user") {
    return (
      <div className="flex justify-end" data-testid="user-message">
        <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2 text-[15px] text-white">
          {text}
        </div>
      </div>
    );
  }
  const metadata = (message.metadata ?? {}) as AssistantMetadata;
  return (
    <article className="flex flex-col" data-testid="assistant-message" aria-busy={streaming}>
      <div ref={rendered} className="rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <Markdown text={text} />
      </div>
      {metadata.links?.length ? (
        <div className="mt-2 grid gap-2">
          {metadata.links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className="block rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 hover:border-brand-400"
              data-testid="answer-link"
            >
              <span className="block text-sm font-semibold text-brand-800">{link.title} →</span>
              <span className="block text-xs text-slate-600">{link.description}</span>
            </Link>
          ))}
        </div>
      ) : null}
      {metadata.toolLinks?.length ? <ToolLinkCards links={metadata.toolLinks} /> : null}
      {!streaming && metadata.guides?.length ? (
        <nav aria-label="Read in our guides" className="mt-2 text-xs text-slate-600" data-testid="answer-guides">
          Read in our guides:{" "}
          {metadata.guides.map((guide, index) => (
            <span key={guide.href}>
              {index > 0 ? " · " : ""}
              <Link href={guide.href} className="font-medium text-brand-700 underline underline-offset-2">
                {guide.title}
              </Link>
            </span>
          ))}
        </nav>
      ) : null}
      {!streaming && context.userPrompt && answerAdmitsNotKnowing(text) ? (
        <Link
          href={askCommunityHref(context.userPrompt)}
          className="mt-2 block rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 hover:border-emerald-400"
          data-testid="ask-community"
        >
          <span className="block text-sm font-semibold text-emerald-800">Ask the community →</span>
          <span className="block text-xs text-slate-600">Students and graduates in Germany may know: post your question in the forum.</span>
        </Link>
      ) : null}
      <AnswerFooter messageId={message.id} metadata={metadata} streaming={streaming} />
      {!streaming && text ? <MessageActions message={message} context={context} onRegenerate={onRegenerate} rendered={rendered} /> : null}
    </article>
  );
}
