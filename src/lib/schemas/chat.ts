import { z } from "zod";

/** The models a chat may ask for: the hosted ones when configured, and the local knowledge-base model. */
const CHAT_MODELS = ["openai", "deepseek", "local"] as const;
export type ChatModelChoice = (typeof CHAT_MODELS)[number];
const EMBEDDING_MODELS = ["openai-large"] as const;

/** Spec 9: the five reasons a user can give for a dislike. */
export const DISLIKE_REASONS = [
  "Shouldn't have used Memory",
  "Don't like the personality",
  "Don't like the style",
  "Not factually correct",
  "Didn't fully follow instructions",
] as const;

export const MAX_CHAT_MESSAGES = 100;
export const MAX_MESSAGE_CHARS = 8000;

/** Conversation ids are made by the browser (crypto.randomUUID) or by API clients. */
export const conversationIdSchema = z
  .string({ error: "Conversation id must be text" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "Conversation id must be 8-64 letters, digits, '-' or '_'");

const role = z.enum(["user", "assistant"], { error: "Message role must be 'user' or 'assistant'" });
const text = z
  .string({ error: "Message text must be text" })
  .max(MAX_MESSAGE_CHARS, `A message can have at most ${MAX_MESSAGE_CHARS} characters`);

/** A message as the AI SDK's useChat sends it: parts, of which only text parts are read. */
const uiMessageSchema = z.object({
  id: z.string().max(100).optional(),
  role,
  parts: z.array(z.looseObject({ type: z.string(), text: text.optional() })).max(50),
  metadata: z.unknown().optional(),
});

/** A plain `{ role, content }` message, as API clients send it. */
const plainMessageSchema = z.object({ id: z.string().max(100).optional(), role, content: text });

export interface ChatMessageInput {
  id: string;
  role: "user" | "assistant";
  text: string;
  metadata?: unknown;
}

export const chatRequestSchema = z
  .object({
    id: conversationIdSchema.optional(),
    messages: z
      .array(
        z.union([plainMessageSchema, uiMessageSchema], {
          error: "Each message needs a role and either content or parts",
        }),
      )
      .min(1, "messages must contain at least one message")
      .max(MAX_CHAT_MESSAGES, `messages can contain at most ${MAX_CHAT_MESSAGES} messages`),
    // Absent: the default model set in /admin/assistant answers.
    chatModel: z.enum(CHAT_MODELS, { error: "chatModel must be 'openai', 'deepseek' or 'local'" }).optional(),
    embeddingModel: z.enum(EMBEDDING_MODELS, { error: "embeddingModel must be 'openai-large'" }).optional(),
    /** "Regenerate": the answer it replaces, so the next one differs or says there is no other. */
    regenerate: z
      .object({
        previousAnswer: text,
        usedPassageIds: z.array(z.string().max(100)).max(100).default([]),
      })
      .optional(),
  })
  .transform((input, context) => {
    const messages: ChatMessageInput[] = input.messages.map((message, index) => ({
      id: message.id ?? `m${index}`,
      role: message.role,
      text: ("content" in message
        ? message.content
        : message.parts
            .filter((part) => part.type === "text")
            .map((part) => part.text ?? "")
            .join("")
      ).trim(),
      metadata: "metadata" in message ? message.metadata : undefined,
    }));
    const last = messages.at(-1);
    if (last?.role !== "user" || !last.text) {
      context.addIssue({
        code: "custom",
        path: ["messages"],
        message: "The last message must be a non-empty user message",
      });
      return z.NEVER;
    }
    return { conversationId: input.id, chatModel: input.chatModel, messages, regenerate: input.regenerate };
  });
export type ChatRequest = z.output<typeof chatRequestSchema>;

/** The tools an answer can link to, pre-filled (src/lib/tools.ts has their names and pages). */
const TOOL_LINK_TOOLS = ["cost-calculator", "visa-checker", "scholarship-search", "university-finder"] as const;

/** Tool cards an answer carries at most (a post's questions may each bring their own). */
export const MAX_TOOL_LINKS = 4;

/** A card under an answer that opens a tool with the question's values: a path of this site, and the values it carries. */
export const toolLinkSchema = z.object({
  tool: z.enum(TOOL_LINK_TOOLS),
  title: z.string().max(200),
  href: z
    .string()
    .max(500)
    .regex(/^\/tools\/[a-z-]+(?:[/?][^\s]*)?$/, "Tool cards must point to a tool of this site"),
  description: z.string().max(500),
  /** What the link fills in, e.g. [{ label: "City", value: "Munich" }]. */
  values: z.array(z.object({ label: z.string().max(60), value: z.string().max(120) })).max(8),
});
export type ToolLink = z.infer<typeof toolLinkSchema>;

/** What the server attaches to each assistant message (and stores with it). */
export interface AssistantMetadata {
  model?: string;
  ragEnabled?: boolean;
  confidence?: number;
  sourcesCount?: number;
  sources?: { title: string; url: string; lastReviewed?: string }[];
  /** Pages of the product that answer the question better, shown as link cards (e.g. the country comparison). */
  links?: { title: string; href: string; description: string }[];
  /** The tools whose data answered, each pre-filled with the question's values (a card under the answer). */
  toolLinks?: ToolLink[];
  /** The guide sections the answer quotes, as pages of this site: the section's heading (or the guide's title) and its address. */
  guides?: { title: string; href: string }[];
  /** Tokens charged for this answer (all it used, only the question's, or 0; see `charge`). */
  tokens?: number;
  /** What was charged: the answer, only the question (no answer was found), or nothing. */
  charge?: AnswerCharge;
  /** Deep Thinking: the passages retrieved for the answer, best first. */
  passages?: ConsideredPassage[];
  /** Passages this answer and the ones it replaced quoted, so "Regenerate" moves on to the next best. */
  usedPassageIds?: string[];
  responseTimeMs?: number;
  createdAt?: number;
}

export type AnswerCharge = "answer" | "question-only" | "none";

/** A passage Deep Thinking considered: where it comes from and what it says. */
export interface ConsideredPassage {
  id: string;
  articleTitle: string;
  heading: string | null;
  excerpt: string;
  lastReviewed: string;
  sources: { title: string; url: string }[];
  /** Whether the answer quotes it (the local model); absent when the model was hosted. */
  quoted?: boolean;
}

/** The answer footer's line about tokens: what this answer was charged, and why when it was less. */
export function chargeNote(metadata: Pick<AssistantMetadata, "tokens" | "charge">): string | null {
  if (typeof metadata.tokens !== "number") return null;
  const tokens = metadata.tokens.toLocaleString("en-US");
  if (metadata.charge === "none") return "Not charged: no answer found";
  if (metadata.charge === "question-only") return `Charged ${tokens} tokens for the question only: no answer found`;
  return `${tokens} tokens charged`;
}

/**
 * Whether an answer admits that the assistant does not know (the local model's "I don't know"
 * texts, and hosted models told to say so): such an answer offers to ask the community.
 */
export function answerAdmitsNotKnowing(text: string): boolean {
  return /^\s*I (?:don['’]t|do not) know\b/i.test(text);
}

export const renameConversationSchema = z.object({
  id: conversationIdSchema,
  title: z.string({ error: "Title must be text" }).trim().min(1, "Title cannot be empty").max(100, "Title must be at most 100 characters"),
});

export const feedbackSchema = z
  .object({
    sessionId: z
      .string({ error: "The x-session-id header is required" })
      .min(1, "The x-session-id header is required")
      .regex(/^[A-Za-z0-9_-]{8,64}$/, "The x-session-id header must be 8-64 letters, digits, '-' or '_'"),
    userId: z.literal("anonymous", { error: "userId must be 'anonymous'" }).default("anonymous"),
    messageId: z.string({ error: "messageId is required" }).trim().min(1, "messageId is required").max(100),
    feedbackType: z.enum(["like", "dislike"], { error: "feedbackType must be 'like' or 'dislike'" }),
    messageContent: z.string({ error: "messageContent is required" }).max(20_000, "messageContent is too long"),
    userPrompt: z.string().max(MAX_MESSAGE_CHARS).nullish(),
    conversationId: conversationIdSchema.nullish(),
    messageOrder: z.number({ error: "messageOrder must be a number" }).int().min(0).max(1_000_000).default(0),
    ragEnabled: z.boolean({ error: "ragEnabled must be true or false" }).default(false),
    confidenceScore: z.number().min(0).max(1).nullish(),
    sourcesCount: z.number().int().min(0).max(1000).nullish(),
    chatModel: z.enum(CHAT_MODELS, { error: "chatModel must be 'openai', 'deepseek' or 'local'" }),
    embeddingModel: z.enum(EMBEDDING_MODELS).nullish(),
    dislikeReason: z.enum(DISLIKE_REASONS, { error: "dislikeReason must be one of the listed reasons" }).nullish(),
    customFeedback: z.string().trim().max(2000, "Your comment must be at most 2000 characters").nullish(),
    responseLength: z.number().int().min(0).max(1_000_000).optional(),
    responseTime: z.number().int().min(0).max(3_600_000).nullish(),
    isStreaming: z.boolean().default(true),
    pageUrl: z.string().max(2000).nullish(),
    userType: z.literal("student").default("student"),
  })
  .refine((input) => input.feedbackType === "dislike" || !input.dislikeReason, {
    path: ["dislikeReason"],
    message: "A like cannot have a dislike reason",
  });
export type FeedbackInput = z.output<typeof feedbackSchema>;

/** A guest's conversation, moved into the account at sign-up or sign-in: at most this many a day. */
export const GUEST_IMPORTS_PER_DAY = 10;
/** The largest metadata one imported message may carry (as JSON). */
const MAX_IMPORTED_METADATA_CHARS = 20_000;

const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value), "Source addresses must be http(s)");

/**
 * What the browser kept with a guest's answer. The fields the answer shows as links are checked
 * (a source is an http(s) address; a link card is a path of this site); the rest passes as it is,
 * within a size limit, as it does when a signed-in browser sends its history.
 */
const importedMetadataSchema = z
  .looseObject({
    sources: z
      .array(z.looseObject({ title: z.string().max(300), url: httpUrl }))
      .max(50)
      .optional(),
    links: z
      .array(
        z.looseObject({
          title: z.string().max(200),
          href: z
            .string()
            .max(500)
            .regex(/^\/(?!\/)/, "Link cards must point to a page of this site"),
          description: z.string().max(500),
        }),
      )
      .max(10)
      .optional(),
    toolLinks: z.array(toolLinkSchema).max(MAX_TOOL_LINKS).optional(),
    guides: z
      .array(
        z.looseObject({
          title: z.string().max(300),
          href: z
            .string()
            .max(500)
            .regex(/^\/students\/[a-z0-9-]+\/[a-z0-9-]+(?:#[a-z0-9-]+)?$/, "Guide links must point to a guide of this site"),
        }),
      )
      .max(10)
      .optional(),
  })
  .refine(
    (metadata) => JSON.stringify(metadata).length <= MAX_IMPORTED_METADATA_CHARS,
    `A message's details can have at most ${MAX_IMPORTED_METADATA_CHARS} characters`,
  );

export const importGuestConversationSchema = z.object({
  id: conversationIdSchema,
  messages: z
    .array(
      z.object({
        id: z.string({ error: "Each message needs an id" }).trim().min(1, "Each message needs an id").max(100),
        role,
        parts: z.array(z.looseObject({ type: z.string(), text: text.optional() })).max(50),
        metadata: importedMetadataSchema.optional(),
      }),
      { error: "messages must be a list" },
    )
    .min(1, "There is no conversation to import")
    .max(MAX_CHAT_MESSAGES, `A conversation can have at most ${MAX_CHAT_MESSAGES} messages`)
    .transform((messages, context) => {
      const converted: ChatMessageInput[] = messages.map((message) => ({
        id: message.id,
        role: message.role,
        text: message.parts
          .filter((part) => part.type === "text")
          .map((part) => part.text ?? "")
          .join("")
          .trim(),
        metadata: message.role === "assistant" ? message.metadata : undefined,
      }));
      if (converted.some((message) => message.text.length > MAX_MESSAGE_CHARS)) {
        context.addIssue({ code: "custom", message: `A message can have at most ${MAX_MESSAGE_CHARS} characters` });
        return z.NEVER;
      }
      if (converted.some((message) => !message.text)) {
        context.addIssue({ code: "custom", message: "Each message needs text" });
        return z.NEVER;
      }
      if (converted[0]?.role !== "user") {
        context.addIssue({ code: "custom", message: "A conversation starts with a question" });
        return z.NEVER;
      }
      return converted;
    }),
});
export type ImportGuestConversation = z.output<typeof importGuestConversationSchema>;
