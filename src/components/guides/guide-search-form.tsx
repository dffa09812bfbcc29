/** A search over the guides: a plain form, so it works before the page's scripts have loaded. */
export function GuideSearchForm({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <form action="/students/search" role="search" aria-label="Search the guides" className="flex max-w-xl gap-2">
      <label htmlFor="guide-search" className="sr-only">
        Search the guides
      </label>
      <input
        id="guide-search"
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={300}
        placeholder="Search the guides, e.g. blocked account amount"
        className="field-input min-w-0 flex-1"
      />
      <button type="submit" className="btn-primary">
        Search
      </button>
    </form>
  );
}
