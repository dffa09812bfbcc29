import Link from "next/link";
import { categoryHref } from "~/lib/schemas/community";
import type { RouterOutputs } from "~/trpc/react";

type Category = RouterOutputs["community"]["categories"][number];

/** The forum's categories with what each is for and how many topics it holds. */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title" className="text-lg font-semibold text-slate-900">
        Categories
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              href={categoryHref(category.slug)}
              className="block h-full rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-brand-300"
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{category.name}</span>
                <span className="shrink-0 text-xs text-slate-600">
                  {category.topicCount === 1 ? "1 topic" : `${category.topicCount} topics`}
                </span>
              </span>
              <span className="mt-1 line-clamp-2 text-sm text-slate-600">{category.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
