import { chatRoute } from "~/server/ai/chat-handler";

export const POST = chatRoute({ rag: false });
