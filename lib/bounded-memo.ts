// A remembered answer per key, for work on the request paths whose answer depends on one value alone
// (a path's route matches, an Accept-Encoding header's choice, a passage's sentences for the
// assistant). Bounded: when full it starts over, so a flood of distinct keys costs what it would
// without it and holds no more than `limit` answers.

export interface BoundedMemo<K, V> {
  /** compute(key), remembered; the same value each time, so callers must not change it. */
  (key: K): V;
  size(): number;
}

/** `compute` must not answer undefined (undefined means "not remembered yet"). */
export function boundedMemo<K, V>(limit: number, compute: (key: K) => Exclude<V, undefined>): BoundedMemo<K, V> {
  const known = new Map<K, V>();
  const memo = ((key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= limit) known.clear();
      known.set(key, value);
    }
    return value;
  }) as BoundedMemo<K, V>;
  memo.size = () => known.size;
  return memo;
}
