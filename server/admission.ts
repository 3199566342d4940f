// Admission control: at most `limit` requests are being worked on at once per instance; the others
// wait at the door in arrival order (docs/decisions/0019-admission-control.md). Under overload every
// request then waits once, at the door, instead of once per database round trip and hash in a queue
// shared with everything else, so a request with four steps is no longer four times as late as one
// with one step. A request leaves the door's count when its headers go out: after that it only
// streams (an AI answer waiting on the model), and its final statement must not hold a place that a
// new request could use. Beyond `maxWaiting` waiting requests, a new one is refused (503) rather
// than queued without bound.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface AdmissionOptions {
  /** Requests worked on at once; 0 turns the door off. */
  limit: number;
  /** Requests waiting at most; one more is refused. */
  maxWaiting: number;
}

export interface Admission {
  /**
   * Runs `work` once this turn of the event loop has read its requests, or when a place frees up;
   * `refused` instead when the line is full. Without a door (limit 0) `work` runs at once.
   */
  admit(req: IncomingMessage, res: ServerResponse, work: () => void, refused: () => void): void;
  /** Requests worked on and waiting (for tests and the health of the door). */
  state(): { active: number; waiting: number };
}

interface Waiter {
  /** Dropped when the client leaves while waiting, so the line keeps nothing of its request alive. */
  request: { req: IncomingMessage; res: ServerResponse; work: () => void } | null;
}

/** A place whose turn has passed. */
const PASSED: Waiter = Object.freeze({ request: null });

export function createAdmission({ limit, maxWaiting }: AdmissionOptions): Admission {
  let active = 0;
  // A queue as an array with a moving head: shift() would copy the whole line on every admission.
  let line: Waiter[] = [];
  let head = 0;
  let waiting = 0;

  const next = () => {
    while (head < line.length) {
      const waiter = line[head]!;
      line[head++] = PASSED;
      const { request } = waiter;
      if (!request) continue;
      // Its turn: from now on its own listener (start()) frees the place when the client leaves.
      waiter.request = null;
      waiting--;
      // Not inside the caller (another answer's writeHead): a line of answers that end at once
      // would otherwise nest one inside the other.
      process.nextTick(start, request.req, request.res, request.work);
      return;
    }
    line = [];
    head = 0;
    active--;
  };

  const start = (req: IncomingMessage, res: ServerResponse, work: () => void) => {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      // The place passes straight to the next in line (active stays the same), or is freed.
      next();
    };
    const writeHead = res.writeHead;
    // Node's own end() writes the headers through writeHead too (its implicit header).
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      release();
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
    res.once("close", release);
    // The client left between its turn and this tick: its close has passed already. (The request's
    // socket, not the response's: a response pipelined behind another has none yet.)
    if (req.socket.destroyed) return release();
    work();
  };

  return {
    admit(req, res, work, refused) {
      if (limit <= 0) return work();
      if (active < limit) {
        active++;
        // After this turn's other requests have been read: a request the edge answers at once
        // (/healthz, a cached page) then never waits behind the work of one that came in the same
        // read (docs/performance.md, "Cache-miss flood").
        setImmediate(start, req, res, work);
        return;
      }
      if (waiting >= maxWaiting) return refused();
      // The places already passed are dropped now and then, not only when the line empties.
      if (head > 1024) {
        line = line.slice(head);
        head = 0;
      }
      const waiter: Waiter = { request: { req, res, work } };
      line.push(waiter);
      waiting++;
      res.once("close", () => {
        if (!waiter.request) return;
        waiter.request = null;
        waiting--;
      });
    },
    state: () => ({ active, waiting }),
  };
}
