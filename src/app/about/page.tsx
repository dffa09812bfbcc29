import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { SITE } from "~/lib/site";

export const metadata: Metadata = { title: "About us" };

const VALUES = [
  {
    title: "Accuracy over hype",
    text: "Immigration rules change. We cite official sources, date every article and say when we are not sure.",
  },
  {
    title: "Students first",
    text: "We were international students. We build what we wished we had, and we never sell your data.",
  },
  {
    title: "Fair and transparent",
    text: "Clear monthly prices in euros, a free plan forever and no dark patterns when you cancel.",
  },
  {
    title: "Privacy by design",
    text: "We store only what the service needs, let you export it at any time and delete it with one click.",
  },
];

const ROADMAP = [
  {
    when: "Now",
    what: "SwipeAI assistant with Deep Thinking over a sourced knowledge base for Germany; profiles and monthly plans.",
  },
  {
    when: "Next",
    what: "The four planning tools: visa checker, university finder, scholarship search and cost calculator.",
  },
  {
    when: "Later",
    what: "Document review and coaching bookings in the app, then Austria and Switzerland as further destinations.",
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About us" title="We help students find their way to Germany">
        {SITE.brand} turns the scattered, German-language rules about studying and living in Germany into clear, sourced answers and a plan
        you can follow.
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-14 px-4">
        <section aria-labelledby="mission">
          <h2 id="mission" className="text-2xl font-bold">
            Our mission
          </h2>
          <p className="mt-3 max-w-3xl leading-7 text-slate-700">
            Every year hundreds of thousands of international students choose Germany for its tuition-free public universities. Many lose
            months to missing documents, blocked-account confusion and visa appointments. Our mission is that no student misses a semester
            because information was hard to find.
          </p>
        </section>
        <section aria-labelledby="founders">
          <h2 id="founders" className="text-2xl font-bold">
            Founders
          </h2>
          <p className="mt-3 max-w-3xl leading-7 text-slate-700">
            {SITE.brand} was founded by former international students and engineers who went through admission, the student visa and the
            Ausländerbehörde themselves. Meet the people behind the product on our{" "}
            <Link href="/about/team" className="font-medium text-brand-600 hover:underline">
              team page
            </Link>
            .
          </p>
        </section>
        <section aria-labelledby="roadmap">
          <h2 id="roadmap" className="text-2xl font-bold">
            Roadmap
          </h2>
          <ol className="mt-5 grid gap-4 md:grid-cols-3">
            {ROADMAP.map((step) => (
              <li key={step.when} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{step.when}</p>
                <p className="mt-2 text-sm leading-6 text-slate-700">{step.what}</p>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="values">
          <h2 id="values" className="text-2xl font-bold">
            Our values
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="flex flex-col gap-4 rounded-2xl bg-brand-700 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Join us early</h2>
            <p className="mt-1 text-brand-100">Get early access to new tools, or partner with us as a university or company.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link href="/swipe-ai" className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Get early access
            </Link>
            <Link
              href="/about/contact?subject=Partnership"
              className="rounded-lg border border-white/60 px-4 py-2 text-sm font-semibold hover:bg-white/10"
            >
              Become a partner
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
