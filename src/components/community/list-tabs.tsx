import Link from "next/link";
import { TOPIC_LIST_LABELS, TOPIC_LISTS, type TopicList } from "~/lib/schemas/community";

/** The address of one list of a page (latest is the page itself). */
export function listHref(basePath: string, list: TopicList): string {
  return list === "latest" ? basePath : `${basePath}?list=${list}`;
}

/** A page's query parameters, as Next hands them to it. */
export type PageQuery = Record<string, string | string[] | undefined>;

/** A query parameter's first value, or "". */
export function firstParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The list named in the address (?list=), or latest. */
export function listFromQuery(value: string | string[] | undefined): TopicList {
  const list = firstParam(value);
  return (TOPIC_LISTS as readonly string[]).includes(list) ? (list as TopicList) : "latest";
}

/** Latest, Top this month, Unanswered, Solved: each list is its own address, so it can be shared and indexed. */
export function ListTabs({ basePath, active }: { basePath: string; active: TopicList }) {
  return (
    <nav aria-label="Topic lists" className="flex overflow-x-auto border-b border-slate-200 sm:gap-1">
      {TOPIC_LISTS.map((list) => (
        <Link
          key={list}
          href={listHref(basePath, list)}
          aria-current={list === active ? "page" : undefined}
          className="whitespace-nowrap border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700"
        >
          {TOPIC_LIST_LABELS[list]}
        </Link>
      ))}
    </nav>
  );
}
