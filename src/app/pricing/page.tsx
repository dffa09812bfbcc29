import type { Metadata } from "next";
import Link from "next/link";
import { ChoosePlanLink } from "~/components/billing/choose-plan-link";
import { PlanFeatureList } from "~/components/billing/plan-features";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader } from "~/components/site/page-header";
import { formatEuros, formatLimit, PLAN_LIST, TRIAL_DAYS, UNLIMITED } from "~/lib/plans";
import { answersPerMonth, type QuestionKind, type TokenFigure, tokenFigureText } from "~/lib/question-kinds";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Pricing" };

const KIND_TEXTS: Record<QuestionKind, { label: string; short: string; example: string }> = {
  simple: { label: "A simple question", short: "simple", example: '"How much is the student visa fee?"' },
  detailed: {
    label: "A detailed analysis",
    short: "detailed",
    example: '"Compare health insurance options for a 31-year-old master\'s student."',
  },
  planning: {
    label: "Complex planning",
    short: "planning",
    example: '"Plan my steps from admission to arrival for a winter semester start."',
  },
};

const BASIS_TEXT = {
  live: (answers: number, days: number) => `median of ${answers.toLocaleString("en-US")} answers in the last ${days} days`,
  seed: (answers: number) => `median of our own answers to ${answers} typical questions of this kind`,
};

/** The FAQ's answer, from the same figures as the explainer. */
function tokenFaq(figures: TokenFigure[]) {
  const measured = figures.filter((figure) => figure.tokens !== null);
  const typical = measured.length
    ? ` Measured on our answers, a ${measured
        .map((figure) => `${KIND_TEXTS[figure.kind].short} question is ${tokenFigureText(figure)}`)
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1")}.`
    : "";
  return `Tokens measure text. With our own assistant, an answer costs the tokens of your question and of the answer you read: nothing for the conversation before it, nothing for the guides it searched.${typical} With a hosted AI model, you are charged what its provider counts, and the provider reads the whole conversation again with every question: long conversations cost more per answer, so start a new chat for a new subject. An answer that finds nothing ("I don't know") costs at most the tokens of reading your question. Each answer shows what it was charged, and the chat shows how many tokens are left.`;
}

const FAQ = [
  {
    q: "Do unused tokens carry over?",
    a: "No. Your allowance resets at the start of each monthly billing period and unused tokens do not carry over.",
  },
  {
    q: "Is there a free trial?",
    a: `Yes, once per account: your first Pro or Unlimited plan starts with a ${TRIAL_DAYS}-day free trial. A paid plan taken again after a cancellation starts without one, and the checkout says which applies before you pay. The Free plan is free forever and needs no card.`,
  },
  {
    q: "Can I cancel anytime?",
    a: "Yes. Cancel whenever you like: your plan stays active until the end of the period you have paid for, then you are moved to Free.",
  },
  {
    q: "What happens when I upgrade or downgrade?",
    a: "Moving from Free to a paid plan, or to a higher paid plan, takes effect immediately; the price difference is prorated. A downgrade takes effect at the end of your current billing period, and unused tokens of the higher plan are lost.",
  },
  {
    q: "Which currency and payment methods do you accept?",
    a: "All prices are in euros (EUR) per month and include no hidden fees; tax is shown at checkout. We accept major credit and debit cards through our payment provider; card details never touch our servers.",
  },
];

/** "About 140 simple, 60 detailed or 40 planning answers a month", from the measured kinds only. */
function typicalAnswersText(tokensPerMonth: number, figures: TokenFigure[]) {
  const counts = answersPerMonth(tokensPerMonth, figures);
  if (!counts.length) return "Answers a month: not measured yet";
  const list = counts
    .map(({ kind, answers }) => `${answers.toLocaleString("en-US")} ${KIND_TEXTS[kind].short}`)
    .join(", ")
    .replace(/, ([^,]*)$/, " or $1");
  return `About ${list} answers a month`;
}

function limitText(value: number, noun: string) {
  return value === UNLIMITED ? `Unlimited ${noun}` : `${value} ${noun}${value === 1 ? "" : "s"}`;
}

export default async function PricingPage() {
  const api = await serverApi();
  const typical = await api.chat.typicalTokens();
  const deliverable = await api.site.deliverable();
  const figures = typical.kinds;
  const faq = [{ q: "What is a token?", a: tokenFaq(figures) }, ...FAQ];
  // The FAQ below, as structured data for search engines: the same questions and answers.
  const faqData = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faq.map((item) => ({ "@type": "Question", name: item.q, acceptedAnswer: { "@type": "Answer", text: item.a } })),
  };
  return (
    <>
      <JsonLd data={faqData} />
      <PageHeader eyebrow="Pricing" title="Simple monthly plans, priced in euros">
        Start free, upgrade when your application gets serious. Every plan includes sourced answers, country comparison and the community
        forum.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-14 px-4">
        <section aria-labelledby="tokens-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="tokens-title" className="text-xl font-semibold">
            How tokens work
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Each plan includes a monthly number of tokens. An answer costs the tokens of your question and of the answer you read. What
            answers typically cost, as we measure them:
          </p>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {figures.map((figure) => (
              <li key={figure.kind} className="rounded-xl bg-slate-50 p-4" data-testid={`token-figure-${figure.kind}`}>
                <p className="font-semibold text-slate-900">{KIND_TEXTS[figure.kind].label}</p>
                <p className="text-sm font-medium text-brand-700">{tokenFigureText(figure)}</p>
                <p className="text-xs text-slate-500">
                  {figure.basis === "live"
                    ? BASIS_TEXT.live(figure.answers, typical.windowDays)
                    : figure.basis === "seed"
                      ? BASIS_TEXT.seed(figure.answers)
                      : "no answers of this kind measured yet"}
                </p>
                <p className="mt-1 text-sm text-slate-600">{KIND_TEXTS[figure.kind].example}</p>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            An answer that finds nothing (&quot;I don&apos;t know&quot;) costs at most the tokens of reading your question, and each answer
            shows what it was charged. With a hosted AI model, the provider counts the whole conversation on every question, so long
            conversations cost more per answer.
          </p>
        </section>

        <section aria-labelledby="plans-title" data-mini-chat-avoid>
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          <div className="grid gap-6 lg:grid-cols-3">
            {PLAN_LIST.map((plan) => (
              <article
                key={plan.id}
                aria-labelledby={`plan-${plan.id}`}
                data-testid={`plan-${plan.id}`}
                className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.popular ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200"}`}
              >
                {plan.popular ? (
                  <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
                    Most popular
                  </span>
                ) : null}
                <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
                  {plan.name}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
                <p className="mt-4">
                  <span className="text-4xl font-bold text-slate-900">{formatEuros(plan.price)}</span>
                  <span className="text-sm text-slate-600"> / {plan.interval}</span>
                </p>
                <p className="text-xs text-slate-500">
                  {plan.price === 0 ? "Free forever" : `${TRIAL_DAYS}-day free trial on your first paid plan, cancel anytime`}
                </p>
                <ul className="mt-5 space-y-2 text-sm text-slate-700">
                  <li>
                    <strong>{formatLimit(plan.tokensPerMonth)}</strong> tokens per month
                  </li>
                  <li className="text-slate-600" data-testid={`typical-answers-${plan.id}`}>
                    {plan.tokensPerMonth === null ? "No limit on answers" : typicalAnswersText(plan.tokensPerMonth, figures)}
                  </li>
                  <li>{limitText(plan.maxServices, "service")}</li>
                  <li>{limitText(plan.maxApplications, "application")}</li>
                  <li className="capitalize">{plan.priority} priority</li>
                </ul>
                <PlanFeatureList plan={plan} deliverable={deliverable} className="mt-2 space-y-2 text-sm text-slate-700" />
                <div className="mt-auto pt-6">
                  {plan.id === "free" ? (
                    <Link href="/swipe-ai" className="btn-secondary w-full">
                      Start for free
                    </Link>
                  ) : (
                    <ChoosePlanLink planId={plan.id} className={`${plan.popular ? "btn-primary" : "btn-secondary"} w-full`}>
                      Choose {plan.name}
                    </ChoosePlanLink>
                  )}
                </div>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="pricing-faq">
          <h2 id="pricing-faq" className="text-xl font-semibold">
            Frequently asked questions
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {faq.map((item) => (
              <details key={item.q} className="group p-5">
                <summary className="cursor-pointer list-none font-medium text-slate-900">
                  <span className="flex items-center justify-between gap-4">
                    {item.q}
                    <span aria-hidden className="transition group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-2 text-sm leading-6 text-slate-600">{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
