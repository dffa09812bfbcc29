import Link from "next/link";
import { InstallAppButton } from "~/components/pwa/install-app-button";
import { PromptCarousel } from "~/components/site/prompt-carousel";
import { pickRandomThread, shuffle, validQuestions } from "~/lib/carousel";
import { loadThreads } from "~/server/api/server-caller";

const HIGHLIGHTS = [
  {
    title: "Sourced answers",
    text: "The assistant answers from a knowledge base of dated, sourced articles on admission, visas, money, housing and work in Germany.",
  },
  {
    title: "One plan for every step",
    text: "From the APS certificate and uni-assist to the blocked account, Anmeldung and your residence permit: in the right order.",
  },
  {
    title: "Fair, monthly plans",
    text: "Start free with 30,000 tokens a month. Upgrade only when you need more, and cancel anytime.",
  },
];

export default async function HomePage() {
  const thread = pickRandomThread(await loadThreads("home"));
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pb-10 pt-14 sm:pt-20" aria-labelledby="find-your-way">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Find your way</p>
        <h1 id="find-your-way" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Study and move to Germany, one clear answer at a time.
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-600">
          Admission, language tests, the student visa, the blocked account, health insurance, housing and your first weeks in Germany: ask
          SwipeAI and plan every step with sourced guidance.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/swipe-ai" className="btn-primary px-6 py-3 text-base">
            Start now
          </Link>
          <InstallAppButton />
        </div>
      </section>

      {thread ? (
        <section className="overflow-hidden py-6" aria-labelledby="carousel-title">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="carousel-title" className="text-lg font-semibold text-slate-900">
              Popular questions: {thread.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">Pick one to ask SwipeAI right away.</p>
          </div>
          <div className="mt-5">
            <PromptCarousel prompts={shuffle(validQuestions(thread))} label={`Questions about ${thread.title}`} />
          </div>
        </section>
      ) : null}

      <section className="mx-auto grid max-w-6xl gap-4 px-4 py-12 md:grid-cols-3">
        {HIGHLIGHTS.map((item) => (
          <div key={item.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{item.title}</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{item.text}</p>
          </div>
        ))}
      </section>
      <section className="mx-auto max-w-6xl px-4">
        <div className="flex flex-col items-start justify-between gap-4 rounded-2xl bg-brand-700 p-8 text-white sm:flex-row sm:items-center">
          <div>
            <h2 className="text-2xl font-bold">Not sure where to begin?</h2>
            <p className="mt-1 text-brand-100">Browse the topics students ask about most, or see how SwipeAbroad works.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link href="/students" className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Student topics
            </Link>
            <Link
              href="/how-it-works"
              className="rounded-lg border border-white/60 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10"
            >
              How it works
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
