import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteMatcher, ROUTE_MATCHES_KEPT } from "./route-matches";

// The shape of the site's routes: an optional language prefix above the pages.
const tree: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "lang",
        path: ":lang?",
        children: [
          { id: "home", index: true },
          { id: "about", path: "about" },
          { id: "article", path: "blog/:id" },
          { id: "not-found", path: "*" },
        ],
      },
    ],
  },
];

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => [m.route.id, m.params]) ?? null;

describe("createRouteMatcher", () => {
  it("answers exactly as React Router's matchRoutes for every kind of path", () => {
    const match = createRouteMatcher(tree);
    for (const path of ["/", "/ja", "/zh/about", "/about", "/blog/7", "/ja/blog/7", "/xyz/about", "/nope", "/ja/blog/7/extra"]) {
      expect(ids(match(path))).toEqual(ids(matchRoutes(tree, path)));
      // The second answer (remembered) is the same.
      expect(ids(match(path))).toEqual(ids(matchRoutes(tree, path)));
    }
  });

  it("keeps a bounded number of paths, so random paths cannot grow it", () => {
    const match = createRouteMatcher(tree);
    for (let i = 0; i < ROUTE_MATCHES_KEPT * 3; i++) match(`/random-${i}`);
    expect(match.size()).toBeLessThanOrEqual(ROUTE_MATCHES_KEPT);
    expect(ids(match("/ja/about"))).toEqual(ids(matchRoutes(tree, "/ja/about")));
  });
});
