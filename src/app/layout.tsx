import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "~/components/site-header";
import { MiniChatBox } from "~/components/chat/mini-chat-box";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "SwipeAbroad - plan your studies and move to Germany", template: "%s | SwipeAbroad" },
  description: "An AI assistant, guides and tools for students and professionals planning to study or move to Germany.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>
          <SiteHeader />
          <main>{children}</main>
          <MiniChatBox />
        </Providers>
      </body>
    </html>
  );
}
