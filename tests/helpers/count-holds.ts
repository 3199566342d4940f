// Counts how often a PGlite database is held by PGlite's lock (its query(), its transactions and
// db/pglite-turn-batch.server.ts), for tests of the statements that share one hold.
export interface CountedHolds {
  count(): number;
  stop(): void;
}

export function countHolds(client: unknown): CountedHolds {
  const pg = client as { _runExclusiveTransaction: (fn: () => Promise<unknown>) => Promise<unknown> };
  const hold = pg._runExclusiveTransaction;
  let holds = 0;
  pg._runExclusiveTransaction = function (this: unknown, fn) {
    holds++;
    return hold.call(this, fn);
  };
  return {
    count: () => holds,
    stop() {
      pg._runExclusiveTransaction = hold;
    },
  };
}
