import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";

export const metadata: Metadata = { title: "How it works" };

const STEPS = [
  {
    title: "Tell us your plan",
    text: "Create a free account and add your nationality to your profile. The assistant uses it where it changes the answer, such as the APS certificate that applicants from China, India and Vietnam need.",
  },
  {
    title: "Ask SwipeAI",
    text: "Ask anything about admission, language tests, visas, money, housing or work. Deep Thinking mode searches our sourced knowledge base and shows how relevant the sources are.",
  },
  {
    title: "Follow your roadmap",
    text: "Turn the answers into a step-by-step plan with deadlines: APS, uni-assist, blocked account, visa appointment, enrolment.",
  },
  {
    title: "Get expert help",
    text: "When it matters, people who have done it themselves review your documents, help with your visa and, once a coach has published hours, coach you 1-on-1.",
  },
];

const BENEFITS = [
  {
    title: "Sourced and dated",
    text: "Every knowledge-base article names its official sources and when it was last reviewed.",
  },
  { title: "Available 24/7", text: "Ask at 2 a.m. before your embassy appointment, in plain English." },
  {
    title: "Built for your situation",
    text: "Answers add what your nationality changes, and the visa checker, scholarship search and cost calculator start from your profile to work out your case, not a one-size-fits-all guide.",
  },
  { title: "Fair pricing", text: "Start free; pay monthly in euros only when you need more, and cancel anytime." },
];

const IMPACT = [
  { value: "50K+", label: "students" },
  { value: "1,000+", label: "universities" },
  { value: "50+", label: "countries" },
  { value: "95%", label: "success" },
];

const TESTIMONIALS = [
  {
    quote: "I finally understood the blocked account and the visa documents in one evening instead of three weeks of forum threads.",
    name: "Master's student",
    from: "from India, now in Munich",
  },
  {
    quote: "The roadmap told me to start the APS certificate first. That single tip saved my winter-semester start.",
    name: "Computer science student",
    from: "from Vietnam, now in Aachen",
  },
  {
    quote: "Document review caught a missing translation in my application before uni-assist did.",
    name: "Bachelor's applicant",
    from: "from Brazil, now in Berlin",
  },
];

export default function HowItWorksPage() {
  return (
    <>
      <PageHeader eyebrow="How it works" title="From first question to first semester">
        SwipeAbroad combines an AI assistant, a sourced knowledge base and human experts, so you always know the next step.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-16 px-4">
        <section aria-labelledby="steps-title">
          <h2 id="steps-title" className="text-2xl font-bold">
            Four steps
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden>
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="text-2xl font-bold">
            Why students use it
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold">{benefit.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="impact-title" className="rounded-2xl bg-brand-700 px-6 py-10 text-white">
          <h2 id="impact-title" className="text-center text-2xl font-bold">
            Our impact
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-6 text-center md:grid-cols-4">
            {IMPACT.map((item) => (
              <div key={item.label} className="flex flex-col-reverse">
                <dt className="text-sm uppercase tracking-wide text-brand-100">{item.label}</dt>
                <dd className="text-3xl font-bold sm:text-4xl">{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="testimonials-title">
          <h2 id="testimonials-title" className="text-2xl font-bold">
            What students say
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <figure key={t.from} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="text-sm leading-6 text-slate-700">&ldquo;{t.quote}&rdquo;</blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-slate-900">
                  {t.name} <span className="block font-normal text-slate-500">{t.from}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
        <div className="text-center">
          <Link href="/swipe-ai" className="btn-primary px-6 py-3 text-base">
            Ask your first question
          </Link>
        </div>
      </div>
    </>
  );
}
