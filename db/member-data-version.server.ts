// A version number of the member data in an embedded (PGlite) database, so that a member's read can
// be answered from memory until anything it shows may have changed
// (docs/decisions/0017-embedded-member-read-cache.md). PGlite lives inside this one process: every
// statement that can change a session, a user, a question, a payment or an e-mail change passes
// through the client wrapped here, so bumping the version before and after each of them makes a
// revocation visible to the very next read. PostgreSQL has no such version (other instances write too).
import type { PGlite } from "@electric-sql/pglite";

export interface MemberDataVersion {
  /** Changes before and after every statement that may write member data. */
  current(): number;
  /** True while such a statement runs: nothing read now may be kept. */
  busy(): boolean;
}

/** Tables no member read shows: writing them alone leaves the version as it is. */
const UNSHOWN_TABLES = new Set(["rate_limits", "contact_messages", "processed_events", "credit_ledger", "password_resets"]);
/** Statements that are not a query of rows at all (a transaction's edges, DDL, settings): a write. */
const OTHER_STATEMENT =
  /^\s*(merge|truncate|alter|drop|create|copy|call|do|grant|revoke|lock|set|reset|begin|start|commit|end|rollback|abort|savepoint|release|vacuum|reindex|cluster|refresh|discard|listen|notify|prepare|execute|deallocate|import|load|security|comment)\b/i;
const SCHEMA_CHANGE = /\b(truncate|alter|drop|create)\b/i;
const WRITE_WORD = /\b(insert|update|delete|merge)\b/i;
const QUERY_START = /^\s*(\(\s*)*(select|with|values|table|show|explain)\b/i;
/** An upsert's "on conflict do update set" updates the table the insert names, already counted. */
const UPSERT = /\bdo\s+update\s+set\b/gi;
const WRITTEN_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?[A-Za-z_][A-Za-z0-9_]*"?\s*\.\s*)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

/**
 * Whether a statement may change what a member read shows. A plain SELECT does not; a write only to
 * the unshown tables does not; anything else, or anything this cannot read, does.
 */
export function mayWriteMemberData(text: string): boolean {
  if (OTHER_STATEMENT.test(text) || SCHEMA_CHANGE.test(text)) return true;
  if (!WRITE_WORD.test(text)) return !QUERY_START.test(text);
  const tables = [...text.replace(UPSERT, "").matchAll(WRITTEN_TABLE)].map((match) => match[1]!.toLowerCase());
  return tables.length === 0 || tables.some((table) => !UNSHOWN_TABLES.has(table));
}

const CLASSIFIED_LIMIT = 4096;

/**
 * Wraps the client's `query`, `exec` and `transaction` (which `sql` and Drizzle go through). Every
 * `exec` and every transaction counts as a write; a `query` counts when mayWriteMemberData() says so.
 */
export function trackMemberWrites(client: PGlite): MemberDataVersion {
  let version = 0;
  let running = 0;
  const classified = new Map<string, boolean>();
  const writes = (text: string): boolean => {
    let known = classified.get(text);
    if (known === undefined) {
      known = mayWriteMemberData(text);
      // Statements are mostly constants; lists of varying length are not, so the memo is bounded.
      if (classified.size >= CLASSIFIED_LIMIT) classified.clear();
      classified.set(text, known);
    }
    return known;
  };
  const asWrite = async <T>(run: () => Promise<T>): Promise<T> => {
    version++;
    running++;
    try {
      return await run();
    } finally {
      running--;
      version++;
    }
  };
  trackers.set(client, (text, run) => (writes(text) ? asWrite(run) : run()));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) =>
    runCounted(client, text, () => query(text, params, options as never))) as PGlite["query"];
  client.exec = ((text: string, options?: unknown) => asWrite(() => exec(text, options as never))) as PGlite["exec"];
  client.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) => asWrite(() => transaction(callback))) as PGlite["transaction"];
  return { current: () => version, busy: () => running > 0 };
}

type Tracker = <T>(text: string, run: () => Promise<T>) => Promise<T>;
const trackers = new WeakMap<object, Tracker>();

/**
 * For code that runs SQL on the client below `query` (its own protocol messages): runs `run`
 * counted as the statement `text` would be, so the version still sees every write.
 */
export function runCounted<T>(client: object, text: string, run: () => Promise<T>): Promise<T> {
  const tracker = trackers.get(client);
  return tracker ? tracker(text, run) : run();
}

const versions = new WeakMap<object, MemberDataVersion>();

/** Links a Drizzle database to the version of its embedded client (db/client.server.ts). */
export function registerMemberDataVersion(db: object, version: MemberDataVersion): void {
  versions.set(db, version);
}

/** The version for an embedded database; undefined for PostgreSQL and for a transaction. */
export function memberDataVersion(db: object): MemberDataVersion | undefined {
  return versions.get(db);
}
