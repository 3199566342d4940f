// Runs a step of another request at an exact point of one request's statements, for the race tests
// (a password checked, then changed before its action: docs/reliability.md, "Attacks and their answers").
import type { Database } from "~/db/client.server";

/**
 * Runs `meanwhile` once, just before (or just after) the next statement matching `pattern` that the app
 * sends through the database's `query` (PGlite's client or the pg pool, as count-statements.ts hooks
 * them). Returns the function that removes the hook.
 */
export function aroundNextStatement(
  database: Pick<Database, "db">,
  when: "before" | "after",
  pattern: RegExp,
  meanwhile: () => Promise<void>,
): () => void {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const original = client.query as (...args: unknown[]) => Promise<unknown>;
  let armed = true;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    if (!armed || !pattern.test(text)) return original.apply(this, args);
    armed = false;
    if (when === "before") await meanwhile();
    const result = await original.apply(this, args);
    if (when === "after") await meanwhile();
    return result;
  };
  return () => (client.query = original);
}
