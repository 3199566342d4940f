// SQL fragments for reads answered as JSON built by the database (one statement per member read:
// docs/decisions/0016-authenticated-reads.md).
import { sql, type SQL } from "drizzle-orm";

/** A timestamptz as JavaScript's Date#toISOString() writes it (UTC, milliseconds, "Z"); null stays null. */
export function isoTime(column: SQL | SQL.Aliased | { getSQL(): SQL }): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
