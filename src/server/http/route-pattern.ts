import fs from "node:fs";
import path from "node:path";
import type { RouteKind } from "~/server/observability/metrics";

/** The part of Next's `.next/routes-manifest.json` read here: every page and route handler with its regex. */
export interface RoutesManifest {
  staticRoutes: { page: string }[];
  dynamicRoutes: { page: string; regex: string }[];
}

export interface RouteLabel {
  route: string;
  kind: RouteKind;
}

// "[id]" -> ":id", "[...nextauth]" -> ":nextauth*", "[[...rest]]" -> ":rest*"
const asPattern = (page: string) => page.replace(/\[\[?\.\.\.([^\]]+)\]\]?/g, ":$1*").replace(/\[([^\]]+)\]/g, ":$1");
const kindOf = (route: string): RouteKind => (route === "/api" || route.startsWith("/api/") ? "api" : "page");

// A segment that is an id rather than a name: a UUID, a cuid, a number or a long hex or base64url key.
const ID_SEGMENT =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|c[a-z0-9]{20,}|\d+|[0-9a-f]{16,}|[A-Za-z0-9_-]{32,})$/i;

/**
 * Labels a request path with the route that serves it, so metrics and access logs have few distinct
 * routes and never a user's id or slug: the build's manifest when there is one (production), else
 * (development) the path with id-like segments as `:id`. Static files are grouped; unknown paths are one label.
 */
export function routeLabeller(manifest: RoutesManifest | null, publicFiles: ReadonlySet<string> = new Set()) {
  const staticRoutes = new Set(manifest?.staticRoutes.map((route) => route.page) ?? []);
  // Next lists dynamic routes in the order it matches them.
  const dynamicRoutes = manifest?.dynamicRoutes.map((route) => ({ regex: new RegExp(route.regex), route: asPattern(route.page) })) ?? [];
  return (pathname: string): RouteLabel => {
    if (pathname.startsWith("/_next/"))
      return { route: pathname.startsWith("/_next/image") ? "/_next/image" : "/_next/static", kind: "static" };
    if (publicFiles.has(pathname)) return { route: pathname, kind: "static" };
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    if (!manifest) {
      const route =
        trimmed
          .split("/")
          .map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment))
          .join("/") || "/";
      return { route, kind: kindOf(route) };
    }
    if (staticRoutes.has(trimmed)) return { route: trimmed, kind: kindOf(trimmed) };
    const dynamic = dynamicRoutes.find(({ regex }) => regex.test(trimmed));
    if (dynamic) return { route: dynamic.route, kind: kindOf(dynamic.route) };
    return { route: "(unmatched)", kind: "unmatched" };
  };
}

/** The labeller of the app in `dir`: its production build's manifest and its public files. */
export function routeLabellerFor(dir: string, { dev }: { dev: boolean }) {
  const manifestPath = path.join(dir, ".next", "routes-manifest.json");
  const manifest = !dev && fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, "utf8")) as RoutesManifest) : null;
  const publicDir = path.join(dir, "public");
  const publicFiles = new Set<string>();
  const visit = (folder: string) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else publicFiles.add(`/${path.relative(publicDir, full).split(path.sep).join("/")}`);
    }
  };
  visit(publicDir);
  return routeLabeller(manifest, publicFiles);
}
