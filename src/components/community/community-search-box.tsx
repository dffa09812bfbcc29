import { SearchForm } from "~/components/ui/search-form";

/** The community's search box; it opens /community/search. */
export function CommunitySearchBox({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <SearchForm
      action="/community/search"
      label="Search the community"
      id="community-search-query"
      placeholder="Search topics and replies"
      defaultValue={defaultValue}
    />
  );
}
