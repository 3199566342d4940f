// A refused check's answer floor (lib/accounts/answer-floor.ts) observed on a faked clock, not on the
// wall: comparing answers' times can fail on a busy 2-core machine. Used by the accounts' tests.
import { vi } from "vitest";

/** How long the work of a call "takes" on the faked clock of floorOf(), whatever it really takes. */
export const WORK_MS = 25;

/**
 * Runs `call` on a faked performance.now(), the clock its floor is counted on (lib/accounts/answer-floor.ts):
 * its work "takes" WORK_MS there, however long it really takes on a busy machine. Resolves with its
 * answer, whether that came before the floor's wait, and how long that wait was: the first timer
 * set for no longer than the floor, and no shorter than what a call started before its work has left
 * (other timers, a connection pool's, are longer or shorter).
 */
export async function floorOf<T>(call: () => Promise<T>, floorMs: number): Promise<{ result: T; answeredBeforeFloor: boolean; waitedMs: number | undefined }> {
  vi.useFakeTimers({ toFake: ["performance"] });
  const timers = vi.spyOn(globalThis, "setTimeout");
  try {
    let answered = false;
    const answer = call().finally(() => (answered = true));
    vi.advanceTimersByTime(WORK_MS);
    const floorWait = () => timers.mock.calls.map(([, ms]) => ms).find((ms) => typeof ms === "number" && ms >= floorMs - WORK_MS && ms <= floorMs);
    while (floorWait() === undefined && !answered) await new Promise((resolve) => setImmediate(resolve));
    const answeredBeforeFloor = answered;
    vi.advanceTimersByTime(floorMs);
    return { result: await answer, answeredBeforeFloor, waitedMs: floorWait() };
  } finally {
    timers.mockRestore();
    vi.useRealTimers();
  }
}
