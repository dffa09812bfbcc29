import { chatRoute } from "~/server/http/chat-stream";

export const POST = chatRoute({ rag: false });
