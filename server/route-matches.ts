// React Router's matchRoutes() flattens, ranks and compiles every route on every call: about 1.8 ms
// of CPU for this site's routes, most of what a cached page cost when the page fast path could not
// answer it (a query string, a language to negotiate; docs/performance.md, "Afternoon of
// 2026-11-23"). The page handler asks it for every GET, HEAD and POST that reaches the pages (its
// cache plan, whether a POST has an action), and the answer depends on the path alone: remembered
// per path.
import { matchRoutes, type RouteObject } from "react-router";
import { boundedMemo } from "./bounded-memo";

/** Paths remembered; beyond it the memory starts over (a flood of random paths costs what it did). */
export const ROUTE_MATCHES_KEPT = 1000;
/** Longer paths are matched every time: the site's own are far shorter, and memory stays small. */
export const ROUTE_MATCH_PATH_MAX = 256;

export type RouteMatches = ReturnType<typeof matchRoutes<RouteObject>>;

export interface RouteMatcher {
  /** matchRoutes(tree, path), remembered; the same objects each time, so callers must not change them. */
  (path: string): Readonly<RouteMatches>;
  size(): number;
}

export function createRouteMatcher(tree: RouteObject[]): RouteMatcher {
  const remembered = boundedMemo<string, RouteMatches>(ROUTE_MATCHES_KEPT, (path) => matchRoutes(tree, path));
  const match = ((path) => (path.length > ROUTE_MATCH_PATH_MAX ? matchRoutes(tree, path) : remembered(path))) as RouteMatcher;
  match.size = remembered.size;
  return match;
}
