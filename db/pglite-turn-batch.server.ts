// PGlite's statements asked for in one turn of the event loop run one after another in one hold of
// the database (docs/performance.md, "2026-11-25, 04:40-06:00 UTC: PGlite's hot statements run
// together" and "2026-11-25, 08:20-08:50 UTC: PGlite's queries run together"). PostgreSQL's code in
// PGlite runs up to three times slower when the server's other work runs between two statements
// than when they follow each other (its caches go cold), and under load a turn reads several
// requests, each with its statement.
import { setImmediate } from "node:timers";
import type { PGlite } from "@electric-sql/pglite";

/** PGlite with the lock its query() and transaction() hold the database by. */
export type PGliteHolder = PGlite & { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };

/**
 * At most this many statements run in one hold, so the first waits for at most three others. Run
 * together, each costs about a third of the CPU it costs between other work.
 */
export const PGLITE_BATCH_MAX = 4;

interface Queued {
  run(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}
/** Each PGlite's work asked for in this turn of the event loop, until it runs. */
const queuedBy = new WeakMap<PGlite, Queued[]>();

/**
 * Runs `work` (statements through `exchange()` of db/pglite-wire.server.ts, never through query():
 * the hold is taken already, and the data directory is synced once the hold's work is done)
 * at the end of this turn of the event loop (setImmediate: after the turn's network reads), with the
 * turn's other work, in one hold of the database taken as PGlite's query() takes it: after any
 * running transaction. Each piece of work keeps its own outcome; the callers go on, in the order they
 * asked, once the hold has ended. The PGLITE_BATCH_MAX-th piece of a turn starts its hold at once.
 */
export function runInTurnBatch<T>(pg: PGliteHolder, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queued = queuedBy.get(pg);
    if (!queued) {
      queuedBy.set(pg, (queued = []));
      // node:timers' own setImmediate: a test's fake timers must not hold the database back.
      setImmediate(runQueued, pg, queued);
    }
    queued.push({ run: work, resolve: resolve as (value: unknown) => void, reject });
    if (queued.length >= PGLITE_BATCH_MAX) void runQueued(pg, queued);
  });
}

/** Runs a queue once: at the end of its turn, or as soon as it is full (then the turn's end finds it gone). */
async function runQueued(pg: PGliteHolder, queued: Queued[]): Promise<void> {
  if (queuedBy.get(pg) !== queued) return;
  queuedBy.delete(pg);
  // Each outcome is settled only once the hold has ended, so no caller goes on in between.
  let settle: (() => void)[];
  try {
    settle = await pg._runExclusiveTransaction(() =>
      pg.runExclusive(async () => {
        const outcomes: (() => void)[] = [];
        for (const piece of queued) {
          try {
            const value = await piece.run();
            outcomes.push(() => piece.resolve(value));
          } catch (error) {
            outcomes.push(() => piece.reject(error));
          }
        }
        // Once for the hold, as execProtocol() syncs after each statement (db/pglite-wire.server.ts);
        // a failed sync fails the hold's statements, as it failed each of them before.
        await pg.syncToFs();
        return outcomes;
      }),
    );
  } catch (error) {
    settle = queued.map((piece) => () => piece.reject(error));
  }
  for (const outcome of settle) outcome();
}
