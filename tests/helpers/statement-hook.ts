// Runs a step of another request at an exact point of one request's statements, for the race tests
// (a password checked, then changed before its action: docs/reliability.md, "Attacks and their answers").
import type { Database } from "~/db/client.server";

type Query = (...args: unknown[]) => Promise<unknown>;
interface Queryable {
  query: Query;
}

/**
 * Runs `meanwhile` just before (or just after) the next statement matching `pattern` (the next `times`
 * ones, 1 unless given) that the app sends through a `query` of the database: PGlite's client or the pg pool (as count-statements.ts hooks
 * them), and inside a transaction PGlite's transaction object or the pool's checked-out client. A
 * `meanwhile` that throws fails the statement with its error. On PGlite a `meanwhile` that queries the
 * database must not meet a statement inside a transaction: PGlite runs one at a time, so it would wait
 * for that transaction forever. One hook at a time: the patches are undone in reverse order, so two
 * hooks (or a statement counter) removed out of order would leave one behind. Returns the function
 * that removes the hook.
 */
export function aroundNextStatement(
  database: Pick<Database, "db">,
  when: "before" | "after",
  pattern: RegExp,
  meanwhile: () => Promise<void>,
  times = 1,
): () => void {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  let left = times;
  const hooked = (original: Query): Query =>
    async function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === "string" ? first : (first?.text ?? "");
      if (left === 0 || !pattern.test(text)) return original.apply(this, args);
      left--;
      if (when === "before") await meanwhile();
      const result = await original.apply(this, args);
      if (when === "after") await meanwhile();
      return result;
    };
  const restores: (() => void)[] = [];
  const patch = (target: Record<string, unknown>, key: string, replacement: unknown) => {
    const original = target[key];
    target[key] = replacement;
    restores.push(() => (target[key] = original));
  };
  patch(client, "query", hooked(client.query as Query));
  const transaction = client.transaction as ((callback: (tx: Queryable) => Promise<unknown>) => Promise<unknown>) | undefined;
  if (typeof transaction === "function") {
    // PGlite: the callback's transaction object has a query of its own.
    patch(client, "transaction", function (this: unknown, callback: (tx: Queryable) => Promise<unknown>) {
      return transaction.call(this, (tx) => callback({ ...tx, query: hooked(tx.query.bind(tx)) }));
    });
  }
  const connect = client.connect as ((callback?: (error: unknown, checkedOut?: Queryable, done?: unknown) => void) => Promise<Queryable>) | undefined;
  if (typeof connect === "function") {
    // The pg pool: a transaction runs on a client checked out of it (the pool's own query checks one
    // out with a callback).
    const hookedClients = new Set<Queryable>();
    const hookClient = (checkedOut: Queryable | undefined) => {
      if (!checkedOut || hookedClients.has(checkedOut)) return;
      hookedClients.add(checkedOut);
      const own = Object.prototype.hasOwnProperty.call(checkedOut, "query");
      const original = checkedOut.query;
      checkedOut.query = hooked(original.bind(checkedOut));
      restores.push(() => (own ? (checkedOut.query = original) : delete (checkedOut as Partial<Queryable>).query));
    };
    patch(client, "connect", function (this: unknown, callback?: (error: unknown, checkedOut?: Queryable, done?: unknown) => void) {
      if (callback) {
        return connect.call(this, (error, checkedOut, done) => {
          hookClient(checkedOut);
          callback(error, checkedOut, done);
        });
      }
      return connect.call(this).then((checkedOut) => {
        hookClient(checkedOut);
        return checkedOut;
      });
    });
  }
  return () => {
    for (const restore of restores.reverse()) restore();
    restores.length = 0;
  };
}

/** An error as PostgreSQL's driver raises it when the server aborted a statement with `code` (40P01 a deadlock, 40001 a serialization failure). */
export const abortedWith = (code: "40P01" | "40001") =>
  Object.assign(new Error(code === "40P01" ? "deadlock detected" : "could not serialize access"), { code });
