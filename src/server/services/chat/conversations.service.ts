import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { Prisma } from "~/generated/prisma/client";
import type { AssistantMetadata, ChatMessageInput } from "~/lib/schemas/chat";

export const CONVERSATION_NOT_FOUND = "Conversation not found.";
const TITLE_LENGTH = 60;

function titleOf(messages: ChatMessageInput[]): string {
  const first = messages.find((message) => message.role === "user")?.text.replace(/\s+/g, " ").trim() ?? "New conversation";
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
