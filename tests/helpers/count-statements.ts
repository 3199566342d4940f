// Counts the statements the app sends to the database, for tests that bound them (a member's read,
// an AI answer's slot: docs/performance.md).
import type { Database } from "~/db/client.server";

export interface Counted {
  statements: string[];
  stop(): void;
}

/**
 * Counts every statement the app sends through the database's driver (PGlite's client or the pg
 * pool Drizzle holds) until stop(). A transaction or a checked-out pool client counts as a statement
 * too: a read must need neither. On PGlite a prepared statement (db/prepared-statement.server.ts,
 * db/pglite-wire.server.ts) enters the database through execProtocolRawStream (or execProtocol): such
 * a call counts, as "execProtocol", unless it belongs to a query, exec or transaction still running
 * (PGlite's own calls for them).
 */
export function countStatements(database: Pick<Database, "db">): Counted {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const statements: string[] = [];
  const originals: [string, unknown][] = [];
  let inQuery = false;
  let running = 0;
  for (const method of ["query", "exec", "transaction", "connect", "execProtocol", "execProtocolRawStream"]) {
    const original = client[method];
    if (typeof original !== "function") continue;
    originals.push([method, original]);
    client[method] = function (this: unknown, ...args: unknown[]) {
      const call = () => (original as (...a: unknown[]) => unknown).apply(this, args);
      // pg's Pool#query checks a client out itself (synchronously): that is the same statement.
      if (method === "connect" && inQuery) return call();
      const protocol = method.startsWith("execProtocol");
      if (protocol && running > 0) return call();
      const first = args[0] as string | { text?: string } | undefined;
      // A prepared statement's SQL is not in its bind message: it shows as "execProtocol".
      statements.push(method === "query" || method === "exec" ? (typeof first === "string" ? first : (first?.text ?? "?")) : protocol ? "execProtocol" : method);
      if (protocol || method === "connect") return call();
      inQuery = method === "query";
      running++;
      let result: unknown;
      try {
        result = call();
      } catch (error) {
        running--;
        throw error;
      } finally {
        inQuery = false;
      }
      if (result instanceof Promise) return result.finally(() => running--);
      running--;
      return result;
    };
  }
  return {
    statements,
    stop() {
      for (const [method, original] of originals) client[method] = original;
    },
  };
}
