/**
 * An in-process cache for content that changes only when staff edit it (topic threads and prompts,
 * countries and cities, the tools' data). Each scope has a version in the database (`ContentVersion`,
 * bumped by triggers on every write to its tables, whoever writes). A read looks the version up at
 * most every VERSION_CHECK_MS and drops the scope's entries when it moved, so every instance serves
 * an edit made through any other one within a second, and between checks reads cost no query.
 */
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/server/db/client";

export type ContentScope = "content" | "places" | "tools";

/**
 * A scope's version as caches compare it: the count of its bumps and the time of the last one, so that
 * a database restored from a backup does not look like the one before it where its count is the same.
 * Null when the scope was never written (callers read it as "").
 */
export function contentVersionQuery(scope: ContentScope | "knowledge"): Prisma.Sql {
  return Prisma.sql`SELECT version || ' ' || "updatedAt" FROM "ContentVersion" WHERE scope = ${scope}`;
}

/** How old a version check may be before the next read checks again. */
export const VERSION_CHECK_MS = 500;

interface ScopeCache {
  /** The version the entries were loaded at ("" for a scope never written); null before the first check. */
  version: string | null;
  checkedAt: number;
  /** The scope's count of this process's own edits at the last check. */
  localEdits: number;
  checking: Promise<void> | null;
  entries: Map<string, Promise<unknown>>;
}

// Per database client: tests and tools open several databases in one process.
const caches = new WeakMap<Db, Map<ContentScope, ScopeCache>>();
const localEdits: Record<ContentScope, number> = { content: 0, places: 0, tools: 0 };

/**
 * Called after an edit made through this process (a staff change in /admin): its next read checks the
 * version at once, so the editor sees the change on the next page without waiting for the next check.
 */
export function contentEdited(scope: ContentScope): void {
  localEdits[scope]++;
}

function scopeCache(db: Db, scope: ContentScope): ScopeCache {
  let scopes = caches.get(db);
  if (!scopes) caches.set(db, (scopes = new Map()));
  let cache = scopes.get(scope);
  if (!cache) scopes.set(scope, (cache = { version: null, checkedAt: 0, localEdits: 0, checking: null, entries: new Map() }));
  return cache;
}

async function refreshVersion(db: Db, scope: ContentScope, cache: ScopeCache): Promise<void> {
  if (Date.now() - cache.checkedAt < VERSION_CHECK_MS && cache.localEdits === localEdits[scope]) return;
  cache.checking ??= (async () => {
    try {
      cache.localEdits = localEdits[scope];
      const [row] = await db.$queryRaw<{ version: string | null }[]>`SELECT (${contentVersionQuery(scope)}) AS version`;
      const version = row?.version ?? "";
      if (version !== cache.version) {
        cache.entries.clear();
        cache.version = version;
      }
      cache.checkedAt = Date.now();
    } finally {
      cache.checking = null;
    }
  })();
  await cache.checking;
}

/** The cached value of `key` in `scope`, loaded once per content version. A failed load is not kept. */
export async function cachedContent<T>(db: Db, scope: ContentScope, key: string, load: () => Promise<T>): Promise<T> {
  const cache = scopeCache(db, scope);
  await refreshVersion(db, scope, cache);
  let entry = cache.entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    cache.entries.set(key, entry);
    const version = cache.version;
    entry.catch(() => {
      if (cache.version === version && cache.entries.get(key) === entry) cache.entries.delete(key);
    });
  }
  return entry;
}
