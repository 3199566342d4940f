// What PostgreSQL's errors mean to a caller, whichever driver raised them (pg, PGlite) and whether a
// query builder wrapped them (Drizzle puts the driver's error in `cause`).

/** PostgreSQL's error code, on the error or on the cause a query builder wrapped it in. */
export function databaseCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** A deadlock (40P01) or serialization failure (40001): the transaction was rolled back, a retry is safe. */
export function isConcurrentChange(error: unknown): boolean {
  const code = databaseCode(error);
  return code === "40P01" || code === "40001";
}

/** How many times a step after a provider's action is tried before its abort is answered. */
const CONCURRENT_CHANGE_ATTEMPTS = 3;

/**
 * Runs `step` again when PostgreSQL aborted it for meeting a concurrent write. For a database step
 * that records what a payment provider did already (a charge granted, a refund recorded): a deadlock
 * there must not leave the money moved and the member told nothing changed (found by a review). The
 * step must be safe to run again after a rollback, as a whole transaction or one statement is.
 */
export async function retryingConcurrentChange<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= CONCURRENT_CHANGE_ATTEMPTS || !isConcurrentChange(error)) throw error;
    }
  }
}
