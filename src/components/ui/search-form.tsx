import { Icon } from "~/components/ui/icons";

/** A plain search form that opens `action?q=…`: it works before the page's scripts have loaded. */
export function SearchForm({
  action,
  label,
  id,
  placeholder,
  defaultValue = "",
  className = "max-w-md",
}: {
  action: string;
  label: string;
  id: string;
  placeholder: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <form action={action} role="search" aria-label={label} className={`flex w-full gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={300}
        placeholder={placeholder}
        className="field-input min-w-0 flex-1"
      />
      <button type="submit" className="btn-secondary shrink-0 gap-1.5">
        <Icon name="search" size={16} />
        Search
      </button>
    </form>
  );
}
