"use client";

import { useEffect, useState } from "react";

/** "Ask anything" in the 14 languages the welcome placeholder cycles through. */
const WELCOME_PHRASES = [
  "Ask anything about studying in Germany",
  "Frag mich alles über das Studium in Deutschland",
  "Pregúntame lo que quieras sobre estudiar en Alemania",
  "Pose-moi tes questions sur les études en Allemagne",
  "Chiedimi qualsiasi cosa sullo studio in Germania",
  "Pergunte qualquer coisa sobre estudar na Alemanha",
  "Almanya'da okumak hakkında her şeyi sor",
  "Спросите что угодно об учёбе в Германии",
  "اسألني أي شيء عن الدراسة في ألمانيا",
  "जर्मनी में पढ़ाई के बारे में कुछ भी पूछें",
  "Hỏi bất cứ điều gì về du học Đức",
  "关于在德国留学，尽管问",
  "독일 유학에 대해 무엇이든 물어보세요",
  "ドイツ留学について何でも聞いてください",
] as const;

const WELCOME_INTERVAL_MS = 4000;
const WELCOME_TRANSITION_MS = 500;

type Phase = "idle" | "sliding-out" | "sliding-in";

/** Welcome animation: idle, sliding-out (500 ms), next phrase sliding-in (500 ms), idle; every 4 s. */
export function WelcomePlaceholder({ active }: { active: boolean }) {
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (!active) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const interval = setInterval(() => {
      setPhase("sliding-out");
      timers.push(
        setTimeout(() => {
          setIndex((current) => (current + 1) % WELCOME_PHRASES.length);
          setPhase("sliding-in");
          timers.push(setTimeout(() => setPhase("idle"), WELCOME_TRANSITION_MS));
        }, WELCOME_TRANSITION_MS),
      );
    }, WELCOME_INTERVAL_MS);
    return () => {
      clearInterval(interval);
      timers.forEach(clearTimeout);
    };
  }, [active]);

  const motion =
    phase === "sliding-out"
      ? "-translate-y-3 opacity-0"
      : phase === "sliding-in"
        ? "translate-y-0 opacity-100"
        : "translate-y-0 opacity-100";
  return (
    <span
      data-testid="welcome-placeholder"
      data-phase={phase}
      className={`pointer-events-none line-clamp-2 text-slate-400 sm:block sm:truncate transition-all duration-500 ${motion}`}
      aria-hidden
    >
      {WELCOME_PHRASES[index]}
    </span>
  );
}
