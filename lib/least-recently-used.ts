// The entry of a map used least recently, by a count its values note on each use. The page cache
// (server/pages.ts) and PGlite's statement cache (db/pglite-query-cache.server.ts) evict with it: a
// use only notes the count, where moving the entry to the end of the map on every use kept V8's old
// generation growing (docs/performance.md, "2026-11-24, 02:00-03:00 UTC").

/** The [key, value] whose `lastUsed(value)` is lowest, or undefined for an empty map; one pass. */
export function leastRecentlyUsed<K, V>(map: Map<K, V>, lastUsed: (value: V) => number): [K, V] | undefined {
  let coldest: [K, V] | undefined;
  let lowest = Infinity;
  map.forEach((value, key) => {
    const used = lastUsed(value);
    if (used >= lowest) return;
    lowest = used;
    coldest = [key, value];
  });
  return coldest;
}
