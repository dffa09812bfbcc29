import type { RouterOutputs } from "~/trpc/react";

/** A topic page as community.topic answers it: the topic, its answer, a page of posts and what the viewer may do. */
export type TopicPage = RouterOutputs["community"]["topic"];
export type ForumPost = TopicPage["posts"][number];
