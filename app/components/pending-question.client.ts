// The question a member was asking when the credits ran out, kept in the tab (session storage) so
// that after buying credits the checkout can send them back to it and the box holds it again.
const KEY = "ai-pending-question";

export interface PendingQuestion {
  /** The service page the question was asked on (with its language prefix). */
  path: string;
  topic: string;
  text: string;
}

export function savePendingQuestion(pending: PendingQuestion): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage unavailable: the member finds the page again by hand.
  }
}

export function readPendingQuestion(): PendingQuestion | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as PendingQuestion | null;
    // Only a path of this site: never an address someone else put there.
    return value && typeof value.path === "string" && /^\/(?!\/)/.test(value.path) && typeof value.text === "string" ? value : null;
  } catch {
    return null;
  }
}

/** The pending question of `topic`, removed once taken. */
export function takePendingQuestion(topic: string): string | null {
  const pending = readPendingQuestion();
  if (!pending || pending.topic !== topic) return null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to remove.
  }
  return pending.text;
}
