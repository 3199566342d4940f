// The idempotency key of a checkout attempt whose outcome the page does not know yet, kept in the tab
// (session storage) so a reload while paying, the card typed again, is the same payment on the
// server and not a second charge (found by a stranger). Dropped once the outcome is known, and not
// reused after the minutes in which the page also names a recent purchase (recent-purchase.tsx).
import { RECENT_MS } from "./recent-purchase";

const PREFIX = "checkout-attempt:";

interface Kept {
  key: string;
  at: number;
}

const storageKey = (userId: string, packageId: string) => `${PREFIX}${userId}:${packageId}`;

/** The key kept for this member's purchase of this package, if one is still open. */
export function keptAttemptKey(userId: string, packageId: string): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey(userId, packageId)) ?? "null") as Kept | null;
    if (kept && typeof kept.key === "string" && typeof kept.at === "number" && Date.now() - kept.at < RECENT_MS) return kept.key;
    sessionStorage.removeItem(storageKey(userId, packageId));
  } catch {
    // Storage unavailable or not ours: no key kept.
  }
  return null;
}

/** Keeps `key` for this purchase (its time is the first keeping's), or drops it (null). */
export function keepAttemptKey(userId: string, packageId: string, key: string | null): void {
  try {
    const name = storageKey(userId, packageId);
    if (key === null) {
      sessionStorage.removeItem(name);
      return;
    }
    const kept = JSON.parse(sessionStorage.getItem(name) ?? "null") as Kept | null;
    if (kept?.key === key) return;
    sessionStorage.setItem(name, JSON.stringify({ key, at: Date.now() } satisfies Kept));
  } catch {
    // Storage unavailable: a reload starts a new attempt, as before.
  }
}
