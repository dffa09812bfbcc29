import { SearchForm } from "~/components/ui/search-form";

/** The guides' search box; it opens /students/search. */
export function GuideSearchForm({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <SearchForm
      action="/students/search"
      label="Search the guides"
      id="guide-search"
      placeholder="Search the guides, e.g. blocked account amount"
      defaultValue={defaultValue}
      className="max-w-xl"
    />
  );
}
