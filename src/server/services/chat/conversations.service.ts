import { randomUUID } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import type { AssistantMetadata, ChatMessageInput, ImportGuestConversation } from "~/lib/schemas/chat";
import type { Db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { consumeRateLimit } from "~/server/security/rate-limit";

const CONVERSATION_NOT_FOUND = "Conversation not found.";
const TITLE_LENGTH = 60;

function titleOf(messages: ChatMessageInput[]): string {
  const first =
    messages
      .find((message) => message.role === "user")
      ?.text.replace(/\s+/g, " ")
      .trim() ?? "New conversation";
  return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH - 1)}…` : first;
}

/** Throws 404 when the id belongs to another user's conversation; a new id is free to use. */
export async function assertConversationUsable(db: Db, userId: string, conversationId: string) {
  const existing = await db.conversation.findUnique({ where: { id: conversationId }, select: { userId: true } });
  if (existing && existing.userId !== userId) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
}

/**
 * Stores a conversation as the browser now holds it (its history plus the new answer). Regenerating
 * an answer sends the history without the old answer, so the stored messages are replaced whole.
 */
export async function saveConversation(db: Db, userId: string, conversationId: string, messages: ChatMessageInput[]) {
  await db.$transaction(async (tx) => {
    const existing = await tx.conversation.findUnique({ where: { id: conversationId }, select: { userId: true } });
    if (existing && existing.userId !== userId) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
    if (!existing) await tx.conversation.create({ data: { id: conversationId, userId, title: titleOf(messages) } });
    else await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date() } });
    await tx.chatMessage.deleteMany({ where: { conversationId } });
    await tx.chatMessage.createMany({
      data: messages.map((message, position) => ({
        conversationId,
        position,
        messageId: message.id,
        role: message.role,
        content: message.text,
        metadata: (message.metadata ?? undefined) as Prisma.InputJsonValue | undefined,
      })),
    });
  });
}

export const GUEST_IMPORT_LIMIT_MESSAGE = "You have moved many conversations into your account today. Please try again tomorrow.";

/**
 * Moves the conversation a guest had in the browser into the account they just signed up or in
 * with, and answers it as `getConversation` does. The browser made its id: when that id is already
 * taken (the user's own conversation, or anyone else's), the conversation is kept under a new id,
 * so nothing stored is overwritten and nobody learns whose the id was; a repeat of an import already
 * made answers the saved conversation.
 */
export async function importGuestConversation(db: Db, userId: string, input: ImportGuestConversation) {
  const alreadyImported = async () => {
    const taken = await db.conversation.findUnique({
      where: { id: input.id },
      select: { userId: true, messages: { select: { messageId: true }, orderBy: { position: "asc" } } },
    });
    const repeat =
      taken?.userId === userId &&
      sameMessageIds(
        taken.messages.map((message) => message.messageId),
        input.messages.map((message) => message.id),
      );
    return { taken: Boolean(taken), repeat };
  };
  // The same import again (the page reloaded while the first one was under way): answer the
  // conversation already saved instead of keeping a second copy.
  const before = await alreadyImported();
  if (before.repeat) return getConversation(db, userId, input.id);
  await consumeRateLimit(db, "guestConversationImport", `user:${userId}`, GUEST_IMPORT_LIMIT_MESSAGE);
  const id = before.taken ? randomUUID() : input.id;
  try {
    await saveConversation(db, userId, id, input.messages);
  } catch (error) {
    // Both imports ran at once and the other one saved it first.
    if (isUniqueViolation(error) && (await alreadyImported()).repeat) return getConversation(db, userId, input.id);
    throw error;
  }
  return getConversation(db, userId, id);
}

function sameMessageIds(saved: string[], imported: string[]): boolean {
  return saved.length === imported.length && saved.every((id, index) => id === imported[index]);
}

export async function listConversations(db: Db, userId: string) {
  return db.conversation.findMany({
    where: { userId },
    orderBy: { updatedAt: "desc" },
    take: 100,
    select: { id: true, title: true, updatedAt: true },
  });
}

/** A conversation with its messages in the AI SDK's UI message shape, so the chat can continue it. */
export async function getConversation(db: Db, userId: string, conversationId: string) {
  const conversation = await db.conversation.findFirst({
    where: { id: conversationId, userId },
    include: { messages: { orderBy: { position: "asc" } } },
  });
  if (!conversation) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt,
    messages: conversation.messages.map((message) => ({
      id: message.messageId,
      role: message.role,
      parts: [{ type: "text" as const, text: message.content }],
      metadata: (message.metadata ?? undefined) as AssistantMetadata | undefined,
    })),
  };
}

export async function renameConversation(db: Db, userId: string, conversationId: string, title: string) {
  const { count } = await db.conversation.updateMany({ where: { id: conversationId, userId }, data: { title } });
  if (count === 0) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
  return { id: conversationId, title };
}

export async function deleteConversation(db: Db, userId: string, conversationId: string) {
  const { count } = await db.conversation.deleteMany({ where: { id: conversationId, userId } });
  if (count === 0) throw new AppError("NOT_FOUND", CONVERSATION_NOT_FOUND);
  return { id: conversationId };
}
