"use client";

import { useEffect, useState } from "react";

export const TYPE_SPEED_MS = 50;
export const CURSOR_BLINK_MS = 530;

/** Types the text one character every 50 ms with a cursor blinking every 530 ms; screen readers get the full text. */
export function TypingText({ text, speedMs = TYPE_SPEED_MS }: { text: string; speedMs?: number }) {
  const [count, setCount] = useState(0);
  const [cursor, setCursor] = useState(true);
  useEffect(() => {
    setCount(0);
    const typer = setInterval(() => setCount((n) => (n >= text.length ? n : n + 1)), speedMs);
    return () => clearInterval(typer);
  }, [text, speedMs]);
  useEffect(() => {
    const blink = setInterval(() => setCursor((on) => !on), CURSOR_BLINK_MS);
    return () => clearInterval(blink);
  }, []);
  return (
    <span>
      <span className="sr-only">{text}</span>
      <span aria-hidden>
        {text.slice(0, count)}
        <span className={cursor ? "opacity-100" : "opacity-0"}>|</span>
      </span>
    </span>
  );
}
