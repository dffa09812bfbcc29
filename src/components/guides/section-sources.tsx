import { SourceList } from "~/components/tools/source-list";
import type { ArticleSource } from "~/lib/schemas/knowledge";

/** The sources behind a guide's section, each with the day it was checked (the guide's review day when the source names none). */
export function SectionSources({ sources, lastReviewed }: { sources: ArticleSource[]; lastReviewed: string }) {
  if (!sources.length) return null;
  return (
    <div className="mt-4" data-testid="section-sources">
      <SourceList sources={sources.map((source) => ({ ...source, checkedOn: source.accessed }))} checkedOn={lastReviewed} />
    </div>
  );
}
