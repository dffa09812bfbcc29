import type { AssistantMetadata, FeedbackInput } from "~/lib/schemas/chat";
import { addressKey } from "~/server/auth/request";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { consumeRateLimit } from "~/server/security/rate-limit";
import type { SessionClaims } from "./sessions.service";

/**
 * Stores an answer's feedback record. userId stays 'anonymous', as the public record requires; a signed-in
 * account is linked internally. A later opinion on the same message from the same session replaces
 * the earlier one. The articles the answer cited are kept with it, for triage by article in /admin.
 */
export async function submitFeedback(db: Db, actor: SessionClaims | null, input: FeedbackInput, ip: string) {
  await consumeRateLimit(db, "feedback", actor ? `user:${actor.id}` : addressKey(ip));
  const { sessionId, messageId, ...fields } = input;
  await assertMayRate(db, actor, input);
  const data = {
    ...fields,
    userId: "anonymous",
    accountId: actor?.id ?? null,
    responseLength: fields.responseLength ?? input.messageContent.length,
    dislikeReason: fields.feedbackType === "dislike" ? (fields.dislikeReason ?? null) : null,
    customFeedback: fields.customFeedback || null,
    citedArticles: await citedArticles(db, actor, input),
  };
  const row = await db.feedback.upsert({
    where: { sessionId_messageId: { sessionId, messageId } },
    create: { sessionId, messageId, ...data },
    update: data,
    select: { id: true, messageId: true, feedbackType: true, dislikeReason: true, createdAt: true },
  });
  return row;
}

const FEEDBACK_ANSWER_NOT_FOUND = "This answer was not found.";

/**
 * Only who received an answer rates it: an opinion already given is changed only by the same account,
 * or, given signed out, by the same browser session signed out; a signed-in user's answer in a stored
 * conversation must be in their own. Anything else is told the answer does not exist (404).
 */
async function assertMayRate(db: Db, actor: SessionClaims | null, input: FeedbackInput) {
  const given = await db.feedback.findUnique({
    where: { sessionId_messageId: { sessionId: input.sessionId, messageId: input.messageId } },
    select: { accountId: true },
  });
  if (given && given.accountId !== (actor?.id ?? null)) throw new AppError("NOT_FOUND", FEEDBACK_ANSWER_NOT_FOUND);
  if (!input.conversationId) return;
  const conversation = await db.conversation.findUnique({ where: { id: input.conversationId }, select: { userId: true } });
  if (conversation && conversation.userId !== actor?.id) throw new AppError("NOT_FOUND", FEEDBACK_ANSWER_NOT_FOUND);
}

/**
 * The slugs of the knowledge-base articles the rated answer cited. A signed-in user's answer is read
 * from the stored conversation (its sources metadata and its text); an anonymous chat is stored
 * nowhere, so the text the browser sent is read. Either way only the citations answers really carry
 * are looked for ("<title> (last reviewed <date>)", the sources' titles and addresses), and only
 * titles and addresses of existing articles become slugs: a made-up citation matches nothing.
 */
async function citedArticles(db: Db, actor: SessionClaims | null, input: FeedbackInput): Promise<string[]> {
  let text = input.messageContent;
  let sources: { title?: unknown; url?: unknown }[] = [];
  if (actor && input.conversationId) {
    const stored = await db.chatMessage.findFirst({
      where: {
        messageId: input.messageId,
        role: "assistant",
        conversation: { id: input.conversationId, userId: actor.id },
      },
      select: { content: true, metadata: true },
    });
    if (stored) {
      text = stored.content;
      const metadata = (stored.metadata ?? {}) as AssistantMetadata;
      sources = Array.isArray(metadata.sources) ? metadata.sources : [];
    }
  }
  const quotedTitles = [...text.matchAll(/^\s*(?:Source:\s*|[-*]\s+(?:\[\d+\]\s+)?)(.+?) \(last reviewed \d{4}-\d{2}-\d{2}\)/gm)].map(
    (match) => match[1]!.trim(),
  );
  if (quotedTitles.length === 0 && sources.length === 0) return [];

  const articles = await db.knowledgeArticle.findMany({
    select: { slug: true, title: true, sources: true },
    orderBy: { slug: "asc" },
  });
  const firstUrl = (article: (typeof articles)[number]) => ((article.sources ?? []) as { url?: string }[])[0]?.url;
  const cited = new Set<string>();
  for (const title of quotedTitles) {
    const article = articles.find((candidate) => candidate.title === title);
    if (article) cited.add(article.slug);
  }
  for (const source of sources) {
    const byTitle = articles.find((candidate) => candidate.title === source.title);
    // A source is stored with its article's first address: it names the article only if no other article starts with it.
    const byUrl = typeof source.url === "string" && source.url ? articles.filter((candidate) => firstUrl(candidate) === source.url) : [];
    const article = byTitle ?? (byUrl.length === 1 ? byUrl[0] : undefined);
    if (article) cited.add(article.slug);
  }
  return articles.filter((article) => cited.has(article.slug)).map((article) => article.slug);
}
