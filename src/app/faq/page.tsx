import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { ScrollToHash } from "~/components/site/scroll-to-hash";
import { SectionTabs } from "~/components/ui/section-tabs";
import { TRIAL_DAYS } from "~/lib/plans";
import { SITE } from "~/lib/site";

export const metadata: Metadata = { title: "FAQ" };

const SECTIONS: { title: string; items: { id?: string; q: string; a: React.ReactNode }[] }[] = [
  {
    title: "The assistant",
    items: [
      {
        q: "Where do SwipeAI's answers come from?",
        a: "From a knowledge base of articles about studying and living in Germany, each with official sources and the date it was last reviewed. With Deep Thinking on, the assistant searches it and shows how relevant the sources it found are.",
      },
      {
        q: "Can I rely on the answers for my visa?",
        a: "Use them to prepare. Rules change and your embassy or immigration office has the final word, so always check the official source linked in the answer before you submit anything.",
      },
      {
        q: "Which languages can I ask in?",
        a: "English or German. The knowledge base is written in English, with the German terms you will meet on forms (Anmeldung, Sperrkonto). The built-in knowledge-base model reads questions in German too and answers them in English, from the same guides, with one German sentence saying so; it matches English questions most reliably. Where this server has a hosted model (OpenAI or DeepSeek) configured, that model answers in the language of your question.",
      },
    ],
  },
  {
    title: "Account and plans",
    items: [
      { q: "Is there a free plan?", a: "Yes, Free is free forever with 30,000 tokens a month. No card is needed." },
      {
        q: "How do paid plans work?",
        a: (
          <>
            Pro and Unlimited are billed monthly in euros, start with a {TRIAL_DAYS}-day free trial and can be cancelled anytime. See{" "}
            <Link href="/pricing" className="font-medium text-brand-600 hover:underline">
              pricing
            </Link>
            .
          </>
        ),
      },
      {
        q: "How do I export or delete my data?",
        a: "Open your profile, then the Account tab: Export Account Data downloads everything we store about you as a JSON file, and Delete Account removes it permanently.",
      },
    ],
  },
  {
    title: "The app",
    items: [
      {
        id: "mobile-app",
        q: "Is there a mobile app?",
        a: 'SwipeAbroad is a web app you can install: "Install app" on the home page opens your browser\'s install dialog (Chrome, Edge, Android). On iPhone and iPad, open it in Safari, tap Share, then "Add to Home Screen". Installed, it starts like an app and, without a connection, shows your last conversations and saved tool results.',
      },
      {
        q: "Who do I contact for help?",
        a: (
          <>
            Write to{" "}
            <a href={`mailto:${SITE.email}`} className="font-medium text-brand-600 hover:underline">
              {SITE.email}
            </a>{" "}
            or use the{" "}
            <Link href="/about/contact" className="font-medium text-brand-600 hover:underline">
              contact form
            </Link>
            ; we answer within two working days.
          </>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  return (
    <>
      <ScrollToHash />
      <PageHeader eyebrow="Help" title="Frequently asked questions" />
      <div className="mx-auto max-w-3xl px-4">
        <SectionTabs
          mode="accordion"
          label="FAQ sections"
          tabs={SECTIONS.map((section) => ({
            value: section.title,
            label: section.title,
            content: (
              <>
                <h2 className="text-xl font-semibold">{section.title}</h2>
                <div className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                  {section.items.map((item) => (
                    <details key={item.q} id={item.id} className="group scroll-mt-32 p-5">
                      <summary className="cursor-pointer font-medium text-slate-900">{item.q}</summary>
                      <div className="mt-2 text-sm leading-6 text-slate-600">{item.a}</div>
                    </details>
                  ))}
                </div>
              </>
            ),
          }))}
        />
      </div>
    </>
  );
}
