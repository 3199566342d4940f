// An answer whose time must not tell whether an account exists waits until a floor has passed since
// its work began (docs/decisions/0004-accounts-argon2id-and-bearer-sessions.md). A timer: no CPU.

/** Resolves once `floorMs` have passed since `started` (a performance.now() reading). */
export async function noSoonerThan(started: number, floorMs: number): Promise<void> {
  // A timer can fire a little early (libuv counts whole milliseconds from the loop's cached time),
  // so it is set again until the floor has really passed.
  const left = () => started + floorMs - performance.now();
  while (left() > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(left())));
}
