"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { MINI_CHAT_SCROLL_PX, miniChatAllowed } from "./mini-chat-rules";

const MiniChatBox = dynamic(() => import("./mini-chat-box").then((module) => module.MiniChatBox), { ssr: false });

/** The floating mini chat, whose code loads once the page is first scrolled far enough to show it. */
export function MiniChat() {
  const pathname = usePathname();
  const [needed, setNeeded] = useState(false);
  const allowed = miniChatAllowed(pathname);
  useEffect(() => {
    if (needed || !allowed) return;
    const check = () => {
      if (window.scrollY > MINI_CHAT_SCROLL_PX) setNeeded(true);
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    return () => window.removeEventListener("scroll", check);
  }, [needed, allowed]);
  // Once loaded it stays, so that what someone typed survives a page change.
  return needed ? <MiniChatBox /> : null;
}
