// React Router's matchRoutes() flattens, ranks and compiles every route on every call: about 1.8 ms
// of CPU for this site's routes, most of what a cached page cost when the page fast path could not
// answer it (a query string, a language to negotiate; docs/performance.md, "Afternoon of
// 2026-11-23"). The page handler asks it for every GET, HEAD and POST that reaches the pages (its
// cache plan, whether a POST has an action), and the answer depends on the path's shape alone:
// remembered per shape.
//
// The shape: a segment that is none of the routes' static segments (nor one of `keep`, the
// language prefixes) can only be matched by a dynamic segment or a splat, whatever it says, so it
// is replaced by one placeholder; past the deepest route only a splat can match, so the rest is one
// placeholder too. Unknown paths ("/wp-login.php", "/nope-123/x") then share a handful of entries
// instead of one each: a flood of them cost 1.7 ms of CPU per request, against 0.06 ms for a cached
// page (docs/performance.md, "2026-11-24, 05:00-06:00 UTC"). A path made only of the routes' own
// words still has a shape of its own, as it had an entry of its own before.
import { matchRoutes, type RouteObject } from "react-router";
import { boundedMemo } from "~/lib/bounded-memo";

/** Shapes (or unusual paths) remembered; beyond it the memory starts over. */
export const ROUTE_MATCHES_KEPT = 1000;
/** Longer unusual paths (see shapeOf) are matched every time: memory stays small. */
export const ROUTE_MATCH_PATH_MAX = 256;
/** What a segment that is no route's word reads as in a shape (and in the params answered). */
export const OTHER_SEGMENT = "_";

export interface RouteMatch {
  /** The matched routes' ids, outermost first ([] when no route matches). */
  ids: readonly string[];
  /**
   * The params React Router reads from the path's shape: a value is the path's own when it is a
   * route's static segment or one of `keep`, else OTHER_SEGMENT (any other value).
   */
  params: Readonly<Record<string, string | undefined>>;
}

export interface RouteMatcher {
  /** The routes `path` matches, as React Router's matchRoutes(tree, path) finds them; remembered. */
  (path: string): RouteMatch;
  size(): number;
  /**
   * The path as the site spells it: unreserved characters unescaped ("%61" is "a") and each of the
   * routes' words (and `keep`) in lower case ("/ABOUT", "/%61bout": "/about"), no trailing slash. React Router matches
   * every such variant to the same page, and each would be rendered and cached on its own.
   */
  canonical(path: string): string;
}

/** A percent-escape of an unreserved character (RFC 3986: letters, digits, "-", ".", "_", "~"). */
const UNRESERVED_ESCAPE = /%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/** The static segments of every route path (lowercase, as React Router compares them) and the deepest route's segment count. */
function routeWords(tree: RouteObject[]): { words: Set<string>; maxDepth: number } {
  const words = new Set<string>();
  let maxDepth = 0;
  const visit = (routes: RouteObject[], depth: number) => {
    for (const route of routes) {
      const segments = (route.path ?? "").split("/").filter((segment) => segment !== "" && segment !== "*");
      for (const segment of segments) if (!segment.startsWith(":")) words.add(segment.replace(/\?$/, "").toLowerCase());
      maxDepth = Math.max(maxDepth, depth + segments.length);
      if (route.children) visit(route.children, depth + segments.length);
    }
  };
  visit(tree, 0);
  return { words, maxDepth };
}

/**
 * A path's segments decoded as React Router decodes a path before matching it (an escaped "/" stays
 * "%2F"), or the segments as they are when one does not decode: React Router then matches the raw path.
 */
export function decodedSegments(segments: string[]): string[] {
  try {
    return segments.map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"));
  } catch {
    return segments;
  }
}

export function createRouteMatcher(tree: RouteObject[], keep: Iterable<string> = []): RouteMatcher {
  const { words, maxDepth } = routeWords(tree);
  for (const word of keep) words.add(word.toLowerCase());

  /**
   * The path's shape, or null for a path React Router would read otherwise (no leading slash, or a
   * "?" or "#" it would cut at). A kept segment stays as sent (React Router decodes and compares it
   * itself); the others are compared decoded, as React Router does, and raw when a segment does not
   * decode (React Router then matches the raw path).
   */
  const shapeOf = (path: string): string | null => {
    if (!path.startsWith("/") || path.includes("?") || path.includes("#")) return null;
    const segments = path.split("/");
    const decoded = decodedSegments(segments);
    let depth = segments.length - 1;
    while (depth > 0 && segments[depth] === "") depth--;
    // Past the deepest route (trailing slashes aside) only a splat matches, whatever follows.
    const deeper = depth > maxDepth;
    const shaped = (deeper ? segments.slice(0, maxDepth + 1) : segments).map((segment, i) =>
      segment === "" || words.has(decoded[i]!.toLowerCase()) ? segment : OTHER_SEGMENT,
    );
    if (deeper) shaped.push(OTHER_SEGMENT);
    return shaped.join("/");
  };

  const find = (path: string): RouteMatch => {
    const matches = matchRoutes(tree, path);
    return { ids: matches?.map((match) => match.route.id!) ?? [], params: matches?.at(-1)?.params ?? {} };
  };
  const remembered = boundedMemo<string, RouteMatch>(ROUTE_MATCHES_KEPT, find);
  const match = ((path) => {
    const shape = shapeOf(path);
    if (shape !== null) return remembered(shape);
    return path.length > ROUTE_MATCH_PATH_MAX ? find(path) : remembered(path);
  }) as RouteMatcher;
  match.size = remembered.size;
  match.canonical = (path) =>
    path
      .split("/")
      .map((segment) => {
        const unescaped = segment.replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
        const lower = unescaped.toLowerCase();
        return words.has(lower) ? lower : unescaped;
      })
      .join("/")
      // React Router matches "/about/" and "/about//" as "/about".
      .replace(/(.)\/+$/, "$1") || "/";
  return match;
}
