"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSession } from "~/components/auth/session";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import type { AssistantMetadata, ChatModelChoice } from "~/lib/schemas/chat";
import { api, type RouterOutputs } from "~/trpc/react";
import {
  forgetStoredConversationId,
  getSessionId,
  getStoredConversationId,
  guestMessagesToImport,
  loadLocalMessages,
  messageText,
  newId,
  removeLocalMessages,
  saveLocalMessages,
  storeConversationId,
} from "./chat-session";
import { WelcomePlaceholder } from "./welcome-placeholder";

// Answers (markdown, feedback) and the signed-in conversation list load when there is something to show:
// the empty chat a visitor first sees needs neither.
const loadMessageItem = () => import("./message-item").then((module) => module.MessageItem);
const MessageItem = dynamic(loadMessageItem);
const ConversationList = dynamic(() => import("./conversation-list").then((module) => module.ConversationList), {
  ssr: false,
});

const TAG_SUBMIT_DELAY_MS = 300;
const AUTO_SUBMIT_DELAY_MS = 800;
const FILL_DELAY_MS = 100;
const SCROLL_GUARD_MS = 1000;
const AI_CONNECTION_ERROR = "Failed to connect to AI service";

interface BannerError {
  text: string;
  limit: boolean;
}

/** Spec 8: 'Error: {message}', or 'Failed to connect to AI service'; the token limit links to pricing. */
function describeError(error: Error): BannerError {
  const status = (error as Error & { statusCode?: number }).statusCode;
  let message = error.message;
  try {
    const body = JSON.parse(error.message) as { error?: string };
    if (body.error) message = body.error;
  } catch {
    // not a JSON error body: a stream error text or a network failure
  }
  if (status === 429) return { text: message, limit: true };
  if (message === AI_CONNECTION_ERROR || error.name === "TypeError" || !message) return { text: AI_CONNECTION_ERROR, limit: false };
  return { text: `Error: ${message}`, limit: false };
}

/** The open conversation, and whether the server may hold messages of it (a new one is never asked for). */
interface OpenConversation {
  id: string;
  stored: boolean;
}

function initialConversation(fromAddress: string | null): OpenConversation {
  const id = fromAddress ?? getStoredConversationId();
  return id ? { id, stored: true } : { id: newId(), stored: false };
}

export interface ChatViewProps {
  /** The tag chips of the empty chat: random prompts, picked by the server for this page view. */
  prompts: { text: string }[];
  /** The models this server offers, as the page was rendered with them. */
  models: RouterOutputs["chat"]["models"];
}

export function ChatView({ prompts, models: initialModels }: ChatViewProps) {
  const searchParams = useSearchParams();
  const { data: session, status: authStatus } = useSession();
  const signedIn = Boolean(session);
  const utils = api.useUtils();

  const [conversation, setConversation] = useState<OpenConversation>(() => initialConversation(searchParams.get("conversation")));
  const conversationId = conversation.id;
  const [deepThinking, setDeepThinking] = useState(false);
  const [chatModel, setChatModel] = useState<ChatModelChoice>(initialModels[0]?.value ?? "local");
  const [input, setInput] = useState("");
  const [listOpen, setListOpen] = useState(false);
  const settings = useRef({ deepThinking, chatModel });
  settings.current = { deepThinking, chatModel };
  // The models this server answers with (only those): the first is chosen, and a menu shows when there are several.
  const models = api.chat.models.useQuery(undefined, { staleTime: Infinity, initialData: initialModels });
  const modelChoices = models.data ?? [];
  useEffect(() => {
    const first = models.data?.[0];
    if (first && !models.data?.some((choice) => choice.value === chatModel)) setChatModel(first.value);
  }, [models.data, chatModel]);
  /** "Regenerate": the answer being replaced, so the server gives another one or says there is none. */
  const replacing = useRef<UIMessage | null>(null);

  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: "/api/chat",
        prepareSendMessagesRequest: ({ id, messages, trigger }) => {
          const rag = settings.current.deepThinking;
          const replaced = trigger === "regenerate-message" ? replacing.current : null;
          replacing.current = null;
          const regenerate = replaced
            ? {
                previousAnswer: messageText(replaced),
                usedPassageIds: ((replaced.metadata ?? {}) as AssistantMetadata).usedPassageIds ?? [],
              }
            : undefined;
          return {
            api: rag ? "/api/chat-rag" : "/api/chat",
            headers: { "x-session-id": getSessionId() },
            body: {
              id,
              messages,
              chatModel: settings.current.chatModel,
              ...(rag ? { embeddingModel: "openai-large" } : {}),
              ...(regenerate ? { regenerate } : {}),
            },
          };
        },
      }),
    [],
  );

  const { messages, setMessages, sendMessage, regenerate, stop, status, error, clearError } = useChat({
    id: conversationId,
    transport,
    onFinish: () => void utils.chat.allowance.invalidate(),
    onError: () => void utils.chat.allowance.invalidate(),
  });
  const loading = status === "submitted" || status === "streaming";
  // Stop leaves a note with Retry on the answer it cut short, until the next question.
  const [stopped, setStopped] = useState(false);

  // A guest's conversation in this tab moves into the account once they are signed in (after a
  // sign-up or sign-in the page reloads signed in); until then the server is not asked for it.
  // (Read again whenever the conversation changes: after the import the tab's copy is gone.)
  const guestMessages = useMemo(() => (signedIn ? guestMessagesToImport(conversation.id) : []), [signedIn, conversation]);
  const importGuest = api.chat.importGuestConversation.useMutation();
  const importedFor = useRef<string | null>(null);
  const preloaded = useRef<{ id: string; messages: UIMessage[] } | null>(null);

  // Load the conversation: from the server for signed-in users, from the tab for visitors.
  const stored = api.chat.get.useQuery(
    { id: conversationId },
    { enabled: signedIn && conversation.stored && guestMessages.length === 0, retry: false, refetchOnMount: "always" },
  );
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn || guestMessages.length === 0 || importedFor.current === conversationId) return;
    importedFor.current = conversationId;
    const guestId = conversationId;
    importGuest.mutate(
      {
        id: guestId,
        messages: guestMessages.map(({ id, role, parts, metadata }) => ({
          id,
          role: role as "user" | "assistant",
          parts,
          metadata: metadata as never,
        })),
      },
      {
        onSuccess: (saved) => {
          removeLocalMessages(guestId);
          storeConversationId(saved.id);
          preloaded.current = { id: saved.id, messages: saved.messages as UIMessage[] };
          loadedFor.current = null;
          setConversation({ id: saved.id, stored: true });
          utils.chat.get.setData({ id: saved.id }, saved);
          void utils.chat.list.invalidate();
          const url = new URL(window.location.href);
          url.searchParams.set("conversation", saved.id);
          window.history.replaceState(null, "", url);
        },
        onError: (error) => {
          // The conversation stays in this tab; the next question saves it to the account with the answer.
          toast.error(`Your conversation could not be moved to your account: ${error.message}`);
          preloaded.current = { id: guestId, messages: guestMessages };
          loadedFor.current = null;
          setConversation({ id: guestId, stored: false });
        },
      },
    );
  }, [signedIn, guestMessages, conversationId, importGuest, utils]);

  useEffect(() => {
    if (authStatus === "loading" || loadedFor.current === conversationId) return;
    if (preloaded.current?.id === conversationId) {
      setMessages(preloaded.current.messages);
      preloaded.current = null;
    } else if (signedIn) {
      if (guestMessages.length > 0) return; // the import answers with the conversation
      if (stored.data) setMessages(stored.data.messages as UIMessage[]);
      if (conversation.stored && (stored.isFetching || (!stored.data && !stored.error))) return;
    } else {
      const local = loadLocalMessages(conversationId);
      if (local.length) setMessages(local);
    }
    loadedFor.current = conversationId;
  }, [authStatus, signedIn, conversationId, conversation.stored, guestMessages, stored.data, stored.error, stored.isFetching, setMessages]);

  useEffect(() => {
    if (!signedIn && status === "ready" && messages.length) saveLocalMessages(conversationId, messages);
    if (signedIn && status === "ready" && messages.length) void utils.chat.list.invalidate();
  }, [signedIn, status, messages, conversationId, utils]);

  const allowance = api.chat.allowance.useQuery(
    { sessionId: typeof window === "undefined" ? null : getSessionId() },
    { enabled: authStatus !== "loading" },
  );
  const { number } = useUserFormat();

  // Auto-scroll: on by default, off after a manual scroll, on again with a new prompt.
  const listRef = useRef<HTMLDivElement>(null);
  const autoScroll = useRef(true);
  const guardUntil = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message or status is what scrolls the list
  useEffect(() => {
    const list = listRef.current;
    if (!list || !autoScroll.current) return;
    guardUntil.current = Date.now() + SCROLL_GUARD_MS;
    list.scrollTo({ top: list.scrollHeight });
  }, [messages, status]);
  function onScroll() {
    const list = listRef.current;
    if (!list || Date.now() < guardUntil.current) return;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 8;
    if (!atBottom) autoScroll.current = false;
  }

  const submit = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message || loading) return;
      autoScroll.current = true;
      clearError();
      setStopped(false);
      // Keep the conversation in the tab and in the address, so a reload comes back to it.
      storeConversationId(conversationId);
      const url = new URL(window.location.href);
      url.searchParams.delete("message");
      url.searchParams.delete("autoSubmit");
      url.searchParams.set("conversation", conversationId);
      window.history.replaceState(null, "", url);
      void sendMessage({ text: message });
      setInput("");
    },
    [loading, clearError, conversationId, sendMessage],
  );
  const submitRef = useRef(submit);
  submitRef.current = submit;

  // An initial message from a prompt link: submitted after 800 ms with autoSubmit, else filled in after 100 ms.
  const initialHandled = useRef(false);
  useEffect(() => {
    const initial = searchParams.get("message");
    if (initialHandled.current || !initial || authStatus === "loading") return;
    initialHandled.current = true;
    const autoSubmit = searchParams.get("autoSubmit") === "1" || searchParams.get("autoSubmit") === "true";
    const timer = autoSubmit
      ? setTimeout(() => submitRef.current(initial), AUTO_SUBMIT_DELAY_MS)
      : setTimeout(() => setInput(initial), FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchParams, authStatus]);

  // The chips arrive in the page's HTML: they take clicks once the page has come alive.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const hasMessages = messages.length > 0;
  useEffect(() => {
    if (hasMessages) void loadMessageItem();
  }, [hasMessages]);
  function chooseTag(text: string) {
    setInput(text);
    setTimeout(() => submitRef.current(text), TAG_SUBMIT_DELAY_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(input);
    }
  }

  function openConversation(id: string | null) {
    if (loading) void stop();
    setStopped(false);
    loadedFor.current = null;
    setMessages([]);
    const url = new URL(window.location.href);
    if (id) {
      setConversation({ id, stored: true });
      storeConversationId(id);
      url.search = `?conversation=${encodeURIComponent(id)}`;
    } else {
      // A new conversation exists nowhere yet: nothing to load until its first question.
      setConversation({ id: newId(), stored: false });
      forgetStoredConversationId();
      url.search = "";
    }
    window.history.replaceState(null, "", url);
  }

  function stopAnswer() {
    void stop();
    setStopped(true);
  }

  function retry() {
    setStopped(false);
    clearError();
    autoScroll.current = true;
    void regenerate();
  }

  const lastAssistantIndex = messages.findLastIndex((message) => message.role === "assistant");
  const banner = error ? describeError(error) : null;
  const empty = messages.length === 0;

  const composer = (
    <div className="w-full">
      <form
        className="relative rounded-2xl border border-slate-300 bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100"
        onSubmit={(event) => {
          event.preventDefault();
          submit(input);
        }}
      >
        <label htmlFor="chat-input" className="sr-only">
          Message SwipeAI
        </label>
        <div className="relative">
          {empty && !input ? (
            <div className="absolute inset-x-4 top-3 overflow-hidden">
              <WelcomePlaceholder active={empty} />
            </div>
          ) : null}
          <textarea
            id="chat-input"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => void loadMessageItem()}
            rows={1}
            placeholder={empty ? "" : "Ask a follow-up question"}
            // Room for the welcome text on two lines on a phone, so it is read whole.
            className={`block max-h-[200px] ${empty && !input ? "min-h-[4.5rem] sm:min-h-12" : "min-h-12"} w-full resize-none overflow-y-auto bg-transparent px-4 pt-3 pb-2 text-[15px] outline-none [field-sizing:content]`}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 px-3 pb-2">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-pressed={deepThinking}
              onClick={() => setDeepThinking((value) => !value)}
              className={`rounded-full border px-3 py-1 text-xs font-medium ${deepThinking ? "border-brand-500 bg-brand-50 text-brand-700" : "border-slate-300 text-slate-600"}`}
            >
              Deep Thinking
            </button>
            {modelChoices.length > 1 ? (
              <>
                <label className="sr-only" htmlFor="chat-model">
                  Chat model
                </label>
                <select
                  id="chat-model"
                  value={chatModel}
                  onChange={(event) => setChatModel(event.target.value as ChatModelChoice)}
                  className="max-w-[11rem] rounded-full border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700"
                >
                  {modelChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            {loading ? (
              <button type="button" className="btn-secondary px-3 py-1.5" onClick={stopAnswer}>
                Stop
              </button>
            ) : null}
            <button type="submit" className="btn-primary px-3 py-1.5" disabled={loading || !input.trim()} aria-label="Send message">
              Send
            </button>
          </div>
        </div>
      </form>
      {allowance.data && allowance.data.remaining !== null ? (
        <p className="mt-1 text-center text-xs text-slate-500" data-testid="tokens-left">
          {number(allowance.data.remaining)} tokens left {allowance.data.plan === "anonymous" ? "today" : "this month"}
        </p>
      ) : allowance.isPending ? (
        // The line's room is kept while the allowance loads, so that the composer does not move when it arrives.
        <p className="mt-1 text-xs" aria-hidden>
          &nbsp;
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl gap-4 px-2 sm:px-4">
      {signedIn ? (
        <ConversationList
          activeId={conversationId}
          onOpen={openConversation}
          onNew={() => openConversation(null)}
          open={listOpen}
          setOpen={setListOpen}
        />
      ) : null}
      <section className="flex min-w-0 flex-1 flex-col" aria-label="SwipeAI chat">
        {signedIn ? (
          // A bar of its own above the answers (never over them): the list below starts under its border.
          <div className="flex shrink-0 items-center border-b border-slate-200 bg-white py-2 md:hidden" data-testid="conversations-bar">
            <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={() => setListOpen(true)}>
              Your conversations
            </button>
          </div>
        ) : null}
        {empty ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-6 px-2">
            <h1 className="text-center text-2xl font-semibold text-slate-800 sm:text-3xl">What can I help with?</h1>
            <div className="w-full max-w-2xl">{composer}</div>
            {banner ? <ErrorBanner banner={banner} /> : null}
            {prompts.length ? (
              <ul className="flex max-w-2xl flex-wrap justify-center gap-2" aria-label="Suggested questions">
                {prompts.map((prompt) => (
                  <li key={prompt.text}>
                    <button
                      type="button"
                      disabled={!interactive}
                      onClick={() => chooseTag(prompt.text)}
                      className="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-left text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700"
                    >
                      {prompt.text}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <>
            <div ref={listRef} onScroll={onScroll} className="flex-1 overflow-y-auto py-4" data-testid="message-list">
              <div className="mx-auto flex max-w-3xl flex-col gap-4 px-1">
                {messages.map((message, index) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    streaming={loading && index === messages.length - 1}
                    context={{
                      conversationId,
                      chatModel,
                      userPrompt: index > 0 ? messageText(messages[index - 1]!) : null,
                    }}
                    onRegenerate={
                      index === lastAssistantIndex && !loading
                        ? () => {
                            replacing.current = message;
                            void regenerate();
                          }
                        : undefined
                    }
                  />
                ))}
                {stopped && !loading ? (
                  <div
                    role="note"
                    data-testid="stopped-note"
                    className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                  >
                    <span className="font-medium">Stopped</span>
                    <span className="text-amber-800">
                      {messages.at(-1)?.role === "assistant"
                        ? "The answer above is cut short; only what was written is charged."
                        : "No answer was written."}
                    </span>
                    <button type="button" className="btn-secondary ml-auto px-3 py-1 text-xs" onClick={retry}>
                      Retry
                    </button>
                  </div>
                ) : null}
                {status === "submitted" ? (
                  <p role="status" className="animate-pulse text-sm text-slate-500">
                    SwipeAI is thinking...
                  </p>
                ) : null}
                {banner ? <ErrorBanner banner={banner} /> : null}
              </div>
            </div>
            <div className="mx-auto w-full max-w-3xl pb-3">{composer}</div>
          </>
        )}
      </section>
    </div>
  );
}

function ErrorBanner({ banner }: { banner: BannerError }) {
  return (
    <div
      role="alert"
      data-testid="chat-error"
      className="w-full max-w-3xl rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {banner.text}
      {banner.limit ? (
        <>
          {" "}
          <Link href="/pricing" className="font-semibold underline">
            See plans and pricing
          </Link>
        </>
      ) : null}
    </div>
  );
}
