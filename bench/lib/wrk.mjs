// wrk (Debian's `wrk` package, a C load generator: a Node client would cap the figures on two
// cores) for the platform bench: requests/s and latency percentiles of one URL.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { median } from "../harness.mjs";
import { ensureDebianPackage } from "./debian-package.mjs";

const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN);

/**
 * Runs `wrk -t1 -cC -dDs --latency` with the given headers; `script` is a Lua file that makes the
 * requests (bench/wrk/), `env` what it reads with os.getenv.
 */
export function wrk(url, { connections = 50, duration = 5, headers = {}, script, env = {} } = {}) {
  const command = ensureDebianPackage("wrk", ["--version"]);
  const args = ["-t1", `-c${connections}`, `-d${duration}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: (duration + 30) * 1000, env: { ...process.env, ...env } }, (error, stdout) => {
      if (error) return reject(error);
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      const pct = (p) => {
        const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(stdout);
        return m ? toMs(m[1], m[2]) : Number.NaN;
      };
      const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
      const errors = /Socket errors: (.*)/.exec(stdout)?.[1] ?? "";
      resolve({ rps, requests, p50: pct(50), p99: pct(99), non2xx, errors, output: stdout });
    });
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** wrk against `url` while counting the CPU the server process `pid` spends: µs per request. */
export async function wrkWithCpu(url, pid, options) {
  const before = cpuMs(pid);
  const result = await wrk(url, options);
  const spent = cpuMs(pid) - before;
  return { ...result, cpuUsPerRequest: result.requests ? (spent * 1000) / result.requests : Number.NaN };
}

/**
 * Several wrk runs of one URL as one: the median of each figure (the runs kept). The platform and
 * proxy benches run each page as a few short pairs (ours right after the baseline) so that one
 * stall of a shared machine in one run does not decide the page.
 */
export function medianRun(runs) {
  const figure = (name) => median(runs.map((run) => run[name]));
  return {
    rps: figure("rps"),
    p50: figure("p50"),
    p99: figure("p99"),
    cpuUsPerRequest: figure("cpuUsPerRequest"),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    runs,
  };
}

/** The median over paired runs of f(ours, baseline): ratios taken within a pair, measured back to back. */
export const pairedMedian = (oursRuns, baselineRuns, f) => median(oursRuns.map((run, i) => f(run, baselineRuns[i])));
