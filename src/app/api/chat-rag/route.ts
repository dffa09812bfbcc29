import { chatRoute } from "~/server/http/chat-stream";

// Deep Thinking: the answer is grounded in passages retrieved from the knowledge base.
export const POST = chatRoute({ rag: true });
