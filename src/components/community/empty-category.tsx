import Link from "next/link";
import type { RouterOutputs } from "~/trpc/react";
import { NewTopicButton } from "./new-topic-button";

/**
 * What an empty category shows instead of an empty list: the questions students ask most about its
 * topic, each linked to the guide that answers it and to the assistant, and the way to start the first
 * topic. A category that is no topic of the guides invites the first topic only.
 */
export function EmptyCategory({
  categorySlug,
  common,
}: {
  /** The category, or none for the whole forum (which then points to the categories' questions). */
  categorySlug?: string;
  common: RouterOutputs["community"]["commonQuestions"];
}) {
  return (
    <section
      aria-labelledby="empty-category-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="empty-category"
    >
      <h3 id="empty-category-title" className="text-lg font-semibold text-slate-900">
        No topics here yet: be the first to ask
      </h3>
      {common ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Meanwhile, these are the questions students ask most about {common.topic.title.toLowerCase()}. Our guides answer them, and
            SwipeAI answers with the guides' sources.
          </p>
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Common questions">
            {common.questions.map((question) => (
              <li key={question.text} className="py-3">
                <p className="font-medium text-slate-900">{question.text}</p>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {question.guide ? (
                    <Link href={question.guide.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                      Read the guide: {question.guide.title}
                    </Link>
                  ) : null}
                  <Link href={question.askHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    Ask SwipeAI
                  </Link>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            <Link href={common.guidesHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              All guides on {common.topic.title.toLowerCase()}
            </Link>
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Start the conversation: students who have been through it answer here.
          {categorySlug ? "" : " Each category shows the questions students ask most about its topic, with our guides."}
        </p>
      )}
      <div className="mt-4">
        <NewTopicButton categorySlug={categorySlug} label="Start the first topic" />
      </div>
    </section>
  );
}
