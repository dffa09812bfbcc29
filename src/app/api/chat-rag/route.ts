import { chatRoute } from "~/server/ai/chat-handler";

// Deep Thinking: the answer is grounded in passages retrieved from the knowledge base.
export const POST = chatRoute({ rag: true });
