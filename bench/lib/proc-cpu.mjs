// CPU time of processes from /proc (Linux): user + system time of a process and of its live
// children, in ms. Used by the cluster bench to say how much of the 2 cores each part of the setup
// (instances with their threadpools, PostgreSQL's backends, the proxy, the load generator) used, and
// (one thread at a time, finer) by the AI bench for the start of a round of questions.
import { readFileSync } from "node:fs";

// USER_HZ is 100 on every Linux build Node supports.
const TICK_MS = 10;

/**
 * utime + stime of one process (all its threads), in ms; with `reaped`, also the time of its
 * children that have exited and been waited for (cutime + cstime). 0 when it is gone.
 */
export function processCpuMs(pid, { reaped = false } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may contain spaces: count from the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The pids of a process's live children. */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU ms of a process and of every descendant, live or exited (e.g. PostgreSQL's postmaster and its
 * backends: a backend that closes moves its time into the postmaster's reaped-children time).
 */
export function treeCpuMs(pid) {
  let total = processCpuMs(pid, { reaped: true });
  for (const child of childrenOf(pid)) total += treeCpuMs(child);
  return total;
}

/** CPU time of one thread in ms (schedstat: nanoseconds on a CPU, finer than ticks), or null once it is gone. */
export function threadCpuMs(pid, tid = pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Resolves once the process `pid` spends less than `percent` of a core over half a second (a server
 * done rendering and compressing in the background), or after `timeoutMs` whatever it does.
 */
export async function untilIdle(pid, { percent = 2, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (processCpuMs(pid) - before < 500 * (percent / 100)) return;
  }
}
