import type { Metadata } from "next";
import { Suspense } from "react";
import { ChatView } from "~/components/chat/chat-view";

export const metadata: Metadata = { title: "SwipeAI chat" };

export default function SwipeAiPage() {
  return (
    <Suspense>
      <ChatView />
    </Suspense>
  );
}
