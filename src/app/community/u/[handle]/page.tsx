import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ForumTime } from "~/components/community/forum-time";
import { TopicRow } from "~/components/community/topic-row";
import { PageHeader } from "~/components/site/page-header";
import { memberHref, PRIVATE_PROFILE_MESSAGE } from "~/lib/schemas/community";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ handle: string }> };

const loadMember = cache(async (handle: string) => {
  try {
    return await (await serverApi()).community.member({ handle });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const member = await loadMember(decodeURIComponent((await params).handle));
  return {
    title: `${member.name} (@${member.handle}) · Community`,
    alternates: { canonical: memberHref(member.handle) },
    robots: member.visible ? undefined : { index: false },
  };
}

/** /community/u/[handle]: a member's public profile, unless they keep it private (Settings tab). */
export default async function MemberPage({ params }: Props) {
  const member = await loadMember(decodeURIComponent((await params).handle));
  return (
    <>
      <PageHeader eyebrow="Community member" title={member.name}>
        @{member.handle}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <div className="max-w-4xl space-y-6">
          {!member.visible ? (
            <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">{PRIVATE_PROFILE_MESSAGE}</p>
          ) : (
            <>
              <dl className="grid grid-cols-3 gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
                <div>
                  <dt className="text-sm text-slate-600">Joined</dt>
                  <dd className="mt-1 font-semibold text-slate-900">
                    <ForumTime date={member.joinedAt} />
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Posts</dt>
                  <dd className="mt-1 font-semibold text-slate-900">{member.posts}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Solutions</dt>
                  <dd className="mt-1 font-semibold text-slate-900">{member.solutions}</dd>
                </div>
              </dl>
              <section aria-labelledby="member-topics-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 id="member-topics-title" className="text-lg font-semibold">
                  Latest topics
                </h2>
                {member.topics.length ? (
                  <ul className="mt-2 divide-y divide-slate-100">
                    {member.topics.map((topic) => (
                      <li key={topic.id} className="py-2">
                        <TopicRow topic={topic} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">No topics yet.</p>
                )}
              </section>
            </>
          )}
        </div>
      </div>
    </>
  );
}
