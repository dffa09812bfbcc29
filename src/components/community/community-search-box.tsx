import { Icon } from "~/components/ui/icons";

/** A plain search form (works before the page's scripts load); it opens /community/search. */
export function CommunitySearchBox({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <form action="/community/search" role="search" aria-label="Search the community" className="flex w-full max-w-md gap-2">
      <label htmlFor="community-search-query" className="sr-only">
        Search the community
      </label>
      <input
        id="community-search-query"
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder="Search topics and replies"
        className="field-input min-w-0 flex-1"
      />
      <button type="submit" className="btn-secondary shrink-0 gap-1.5">
        <Icon name="search" size={16} />
        Search
      </button>
    </form>
  );
}
