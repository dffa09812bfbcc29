/**
 * An address no route can read: malformed percent-encoding ("%ff" is no UTF-8), or a NUL character
 * (which PostgreSQL cannot store) in its path or query. Such a request is refused at the edge with 400,
 * before a page or a route reads it.
 */
export function unreadableAddress(url: string): boolean {
  const { pathname, search } = new URL(url);
  try {
    return `${decodeURIComponent(pathname)}${decodeURIComponent(search.replace(/\+/g, " "))}`.includes("\u0000");
  } catch {
    return true;
  }
}

/**
 * The same check for a request target as the HTTP server receives it ("/path?query", not yet parsed):
 * Next.js re-encodes a malformed escape in a query string before the proxy sees it, so the server
 * checks the raw target first.
 */
export function unreadableRequestTarget(target: string): boolean {
  try {
    return unreadableAddress(new URL(target, "http://localhost").toString());
  } catch {
    return true;
  }
}

export const UNREADABLE_ADDRESS_MESSAGE = "The address is not valid: it has a character no page can read.";
