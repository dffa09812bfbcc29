"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useAuthModal } from "~/components/auth/auth-modals";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { type ReplyInput, replySchema } from "~/lib/schemas/community";
import { api } from "~/trpc/react";
import { MarkdownField } from "./markdown-field";
import { VERIFY_FIRST } from "./sign-in-gate";
import type { TopicPage } from "./topic-types";

export const LOCKED_TEXT = "This topic is locked: it takes no new replies.";

/** A quote to add to the reply: a new `key` each time, so quoting the same post twice adds it twice. */
export interface QuoteRequest {
  key: number;
  markdown: string;
}

/** The reply form: Write and Preview, then "Post reply"; a reply the filter held says so and stays hidden. */
function ReplyForm({ topicId, quote, onPosted }: { topicId: string; quote: QuoteRequest | null; onPosted: () => void }) {
  const form = useForm<ReplyInput>({ resolver: zodResolver(replySchema), defaultValues: { topicId, body: "" } });
  const [held, setHeld] = useState<string | null>(null);
  const box = useRef<HTMLFormElement>(null);
  const post = api.community.reply.useMutation({
    onSuccess: (outcome) => {
      form.reset({ topicId, body: "" });
      setHeld(outcome.held ? outcome.message : null);
      if (!outcome.held) toast.success("Your reply is posted.");
      onPosted();
    },
  });

  useEffect(() => {
    if (!quote) return;
    const current = form.getValues("body").trimEnd();
    form.setValue("body", `${current ? `${current}\n\n` : ""}${quote.markdown}\n\n`, { shouldDirty: true });
    box.current?.scrollIntoView({ behavior: "smooth", block: "center" });
    form.setFocus("body");
  }, [quote, form]);

  return (
    <form
      ref={box}
      noValidate
      aria-label="Reply"
      className="space-y-3"
      onSubmit={form.handleSubmit((values) => {
        setHeld(null);
        post.mutate(values);
      })}
    >
      <MarkdownField
        id="reply-body"
        label="Your reply"
        error={form.formState.errors.body?.message}
        readText={() => form.getValues("body")}
        textarea={form.register("body")}
      />
      {post.error ? (
        <FormMessage kind="error">{errorMessage(post.error, "Your reply could not be posted. Please try again.")}</FormMessage>
      ) : null}
      {held ? <FormMessage kind="info">{held}</FormMessage> : null}
      <button type="submit" className="btn-primary" disabled={post.isPending}>
        {post.isPending ? "Posting..." : "Post reply"}
      </button>
    </form>
  );
}

/** Under the thread: the reply form, or why there is none (locked, signed out, email not verified, waiting for review). */
export function ReplyBox({ page, quote, onPosted }: { page: TopicPage; quote: QuoteRequest | null; onPosted: () => void }) {
  const { open } = useAuthModal();
  const { topic, viewer } = page;
  let body: ReactNode;
  if (viewer.canReply) body = <ReplyForm topicId={topic.id} quote={quote} onPosted={onPosted} />;
  else if (topic.status !== "visible")
    body = <p className="text-sm text-slate-600">Replies open once a moderator has approved this topic.</p>;
  else if (topic.locked) body = <p className="text-sm text-slate-700">{LOCKED_TEXT}</p>;
  else if (!viewer.signedIn)
    body = (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span>Log in to reply, like and flag posts.</span>
        <button type="button" className="btn-primary" onClick={() => open("login")}>
          Log in to reply
        </button>
      </p>
    );
  else body = <FormMessage kind="info">{VERIFY_FIRST}</FormMessage>;
  return (
    <section aria-labelledby="reply-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="reply-title" className="mb-3 text-lg font-semibold">
        Reply
      </h2>
      {body}
    </section>
  );
}
