import type { Metadata } from "next";
import { Suspense } from "react";
import { ChatView } from "~/components/chat/chat-view";
import { serverApi } from "~/server/api/server-caller";
import { log } from "~/server/observability/log";

export const metadata: Metadata = { title: "SwipeAI chat" };

/** The chips are in the page's HTML, so that nothing moves when the page comes alive. */
async function loadPrompts(api: Awaited<ReturnType<typeof serverApi>>) {
  try {
    const prompts = await api.content.randomPrompts();
    return prompts.filter((prompt) => prompt.text.trim()).map(({ text }) => ({ text }));
  } catch (error) {
    log.error({ err: error }, "chat prompts failed to load");
    return [];
  }
}

export default async function SwipeAiPage() {
  const api = await serverApi();
  const [prompts, models] = await Promise.all([loadPrompts(api), api.chat.models()]);
  return (
    <Suspense>
      <ChatView prompts={prompts} models={models} />
    </Suspense>
  );
}
