import Link from "next/link";
import { PromptCarousel } from "~/components/site/prompt-carousel";
import { ScrollToHash } from "~/components/site/scroll-to-hash";
import { DEFAULT_TOPIC_DESCRIPTION, shuffle, validQuestions } from "~/lib/carousel";
import { topicGuidesPath } from "~/lib/guides";
import { topicAnchor } from "~/lib/navigation";
import { loadThreads } from "~/server/api/server-caller";

/** The topic cards and each topic's carousel of questions, below the page's header. */
export async function StudentTopics() {
  const threads = await loadThreads("students");
  return (
    <>
      {/* Here, so that a /students#topic address scrolls once the topics are on the page. */}
      <ScrollToHash />
      <div className="mx-auto max-w-6xl px-4">
        {threads.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
            No services available
          </p>
        ) : (
          <>
            <nav aria-label="Topics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {threads.map((thread) => (
                <a
                  key={thread.id}
                  href={`#${topicAnchor(thread.slug)}`}
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500"
                  data-testid="topic-card"
                >
                  <h2 className="font-semibold text-slate-900">{thread.title}</h2>
                  <p className="mt-2 line-clamp-3 text-sm text-slate-600">{thread.description?.trim() || DEFAULT_TOPIC_DESCRIPTION}</p>
                </a>
              ))}
            </nav>
            <div className="mt-12 space-y-12">
              {threads.map((thread) => {
                const questions = validQuestions(thread);
                return (
                  <section
                    key={thread.id}
                    id={topicAnchor(thread.slug)}
                    className="scroll-mt-24"
                    aria-labelledby={`${topicAnchor(thread.slug)}-title`}
                  >
                    <h2 id={`${topicAnchor(thread.slug)}-title`} className="text-xl font-semibold text-slate-900">
                      {thread.title}
                    </h2>
                    <p className="mt-1 max-w-3xl text-sm text-slate-600">{thread.description?.trim() || DEFAULT_TOPIC_DESCRIPTION}</p>
                    <Link
                      href={topicGuidesPath(thread.slug)}
                      className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      Read the guides on {thread.title}
                    </Link>
                    <div className="-mx-4 mt-4">
                      {questions.length > 0 ? (
                        <PromptCarousel prompts={shuffle(questions)} label={`Questions about ${thread.title}`} />
                      ) : (
                        <p className="px-4 text-sm text-slate-500">No questions yet for this topic.</p>
                      )}
                    </div>
                  </section>
                );
              })}
            </div>
          </>
        )}
      </div>
    </>
  );
}
