"use client";

import { useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { errorMessage } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { api } from "~/trpc/react";
import { EditPostForm } from "./edit-post-form";
import { FlagDialog } from "./flag-dialog";
import { MemberName } from "./forum-meta";
import { ForumTime } from "./forum-time";
import { PostMarkdown } from "./post-markdown";
import { useForumAccess, VERIFY_FIRST } from "./sign-in-gate";
import type { ForumPost, TopicPage } from "./topic-types";

/** The post as a Markdown quote for the reply box, introduced by its author's @handle. */
export function quoteOf(post: ForumPost): string {
  const quoted = (post.body ?? "")
    .trim()
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return post.author.handle ? `@${post.author.handle} wrote:\n${quoted}` : quoted;
}

const linkButton = "rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50";

/** Like with its count: members like others' posts; signed out it opens the login, unverified it says to verify. */
function LikeButton({ post, onChanged }: { post: ForumPost; onChanged: () => void }) {
  const access = useForumAccess();
  const { open } = useAuthModal();
  const like = api.community.like.useMutation({
    onSuccess: onChanged,
    onError: (error) => toast.error(errorMessage(error, "That did not work. Please try again.")),
  });
  const count = <span className="tabular-nums">{post.likeCount}</span>;
  if (post.mine) return <span className="px-2 py-1 text-sm text-slate-600">{post.likeCount === 1 ? "1 like" : <>{count} likes</>}</span>;
  return (
    <button
      type="button"
      className={`${linkButton} aria-pressed:text-rose-700`}
      aria-pressed={post.likedByMe}
      disabled={like.isPending || access === "loading"}
      onClick={() => {
        if (access === "signed-out") open("login");
        else if (access === "unverified") toast.info(VERIFY_FIRST);
        else like.mutate({ postId: post.id, liked: !post.likedByMe });
      }}
    >
      <span aria-hidden>{post.likedByMe ? "♥" : "♡"}</span> {post.likedByMe ? "Liked" : "Like"} {count}
    </button>
  );
}

function DeleteDialog({
  post,
  open,
  onOpenChange,
  onDeleted,
}: {
  post: ForumPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (topicDeleted: boolean) => void;
}) {
  const remove = api.community.delete.useMutation({
    onSuccess: (result) => {
      toast.success("Your post is deleted.");
      onOpenChange(false);
      onDeleted(result.topicDeleted);
    },
  });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this post?"
      description={
        post.position === 0
          ? "Deleting the question removes the whole topic from the forum."
          : "The post is replaced by “Deleted by its author.”"
      }
    >
      {remove.error ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {errorMessage(remove.error, "The post could not be deleted.")}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          Keep it
        </button>
        <button
          type="button"
          className="btn-primary bg-red-600! hover:bg-red-700!"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ postId: post.id })}
        >
          Delete
        </button>
      </div>
    </Modal>
  );
}

/**
 * One post of a topic: author, date, "edited", the text (or the placeholder of a hidden or deleted
 * post), and what the reader may do with it: like, quote, flag, mark as the answer, edit, delete.
 */
export function PostCard({
  post,
  page,
  onQuote,
  onChanged,
  onTopicDeleted,
}: {
  post: ForumPost;
  page: TopicPage;
  onQuote: (post: ForumPost) => void;
  onChanged: () => void;
  onTopicDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const access = useForumAccess();
  const { open } = useAuthModal();
  const { topic, viewer } = page;
  const markSolved = api.community.markSolved.useMutation({
    onSuccess: (result) => {
      toast.success(result.solvedPostId ? "Marked as the answer." : "The answer mark is taken back.");
      onChanged();
    },
    onError: (error) => toast.error(errorMessage(error, "That did not work. Please try again.")),
  });
  const published = post.status === "visible" && post.body !== null;
  const isQuestion = post.position === 0;
  return (
    <article
      id={`post-${post.position}`}
      aria-label={isQuestion ? "Question" : `Reply by ${post.author.name}`}
      className={`scroll-mt-24 rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${post.isAnswer ? "border-green-300" : "border-slate-200"}`}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-600">
        <MemberName author={post.author} />
        <span aria-hidden>·</span>
        <ForumTime date={post.createdAt} withTime />
        {post.edited && post.editedAt ? (
          <span className="text-slate-600" title="Changed after it was posted">
            · edited <ForumTime date={post.editedAt} />
          </span>
        ) : null}
        {post.isAnswer ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Answer</span> : null}
      </header>
      <div className="mt-3">
        {editing && post.body !== null ? (
          <EditPostForm
            postId={post.id}
            body={post.body}
            title={isQuestion ? topic.title : undefined}
            onDone={(saved) => {
              setEditing(false);
              if (saved) onChanged();
            }}
          />
        ) : post.body !== null ? (
          <PostMarkdown body={post.body} mentions={post.mentions} />
        ) : (
          <p className="text-sm italic text-slate-600">{post.placeholder}</p>
        )}
        {post.status !== "visible" && post.body !== null ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {post.placeholder} Only its author and the moderators can read it.
          </p>
        ) : null}
      </div>
      {!editing ? (
        <footer className="mt-3 flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
          {published ? <LikeButton post={post} onChanged={onChanged} /> : null}
          {published && viewer.canReply ? (
            <button type="button" className={linkButton} onClick={() => onQuote(post)}>
              Quote
            </button>
          ) : null}
          {published && !post.mine ? (
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                if (access === "signed-out") open("login");
                else if (access === "unverified") toast.info(VERIFY_FIRST);
                else setFlagging(true);
              }}
            >
              Flag
            </button>
          ) : null}
          {published && !isQuestion && viewer.canMarkSolved ? (
            <button
              type="button"
              className={linkButton}
              disabled={markSolved.isPending}
              onClick={() => markSolved.mutate({ topicId: topic.id, postId: post.isAnswer ? null : post.id })}
            >
              {post.isAnswer ? "Unmark answer" : "Mark as answer"}
            </button>
          ) : null}
          {post.mine && post.status !== "deleted" && post.body !== null ? (
            <>
              <button type="button" className={linkButton} onClick={() => setEditing(true)}>
                Edit
              </button>
              <button type="button" className={linkButton} onClick={() => setDeleting(true)}>
                Delete
              </button>
            </>
          ) : null}
        </footer>
      ) : null}
      {flagging ? <FlagDialog postId={post.id} open={flagging} onOpenChange={setFlagging} /> : null}
      {deleting ? (
        <DeleteDialog
          post={post}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={(topicDeleted) => (topicDeleted ? onTopicDeleted() : onChanged())}
        />
      ) : null}
    </article>
  );
}
