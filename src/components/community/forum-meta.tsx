import Link from "next/link";
import { categoryHref, memberHref, tagHref } from "~/lib/schemas/community";

/** A member's name and their @handle, which links to their profile (members get a handle at their first post). */
export function MemberName({ author }: { author: { name: string; handle: string | null; staff?: boolean } }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1">
      <span className="font-medium text-slate-800">{author.name}</span>
      {author.staff ? <StaffBadge /> : null}
      {author.handle ? (
        <Link href={memberHref(author.handle)} className="text-brand-700 hover:underline">
          @{author.handle}
        </Link>
      ) : null}
    </span>
  );
}

export function CategoryLink({ category }: { category: { slug: string; name: string } }) {
  return (
    <Link
      href={categoryHref(category.slug)}
      className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-100"
    >
      {category.name}
    </Link>
  );
}

export function TagLinks({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            href={tagHref(tag)}
            className="rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-600 hover:border-slate-300 hover:text-slate-900"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SolvedBadge() {
  return <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Solved</span>;
}

/** Beside the name of a SwipeAbroad team member: their posts are staff posts. */
function StaffBadge() {
  return <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Staff</span>;
}

export function PinnedMarker() {
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Pinned</span>;
}

export function LockedMarker() {
  return <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">Locked</span>;
}
