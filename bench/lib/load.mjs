// A bounded load loop on node:http: `connections` virtual users, each running one request after
// another (on a keep-alive pool of at most `connections` sockets) until the time is up. Every
// result is recorded by action with its latency and outcome:
//   ok        the expected answer
//   designed  a refusal the site is built to give under load (429 with Retry-After)
//   error     anything else: a network error, a 5xx, or an answer the action did not expect
import http from "node:http";
import { performance } from "node:perf_hooks";

/** A keep-alive HTTP client bound to one origin. */
export function createClient(baseURL, { maxSockets = 256 } = {}) {
  const origin = new URL(baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  /**
   * @param {string} method
   * @param {string} path
   * @param {{ headers?: Record<string, string>, json?: unknown, timeoutMs?: number }} [options]
   * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, text: string, json: any, error?: string, ms: number }>}
   */
  function request(method, path, options = {}) {
    const started = performance.now();
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers = { ...options.headers };
    if (body) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(body.length);
    }
    return new Promise((resolve) => {
      const req = http.request({ host: origin.hostname, port: origin.port, method, path, headers, agent }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json;
          if (String(res.headers["content-type"] ?? "").includes("json")) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: performance.now() - started });
        });
        res.on("error", (error) => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: "", json: undefined, error: error.code ?? error.message, ms: performance.now() - started }));
        res.on("close", () => {
          if (!res.complete) resolve({ status: res.statusCode ?? 0, headers: res.headers, text: "", json: undefined, error: "closed mid-response", ms: performance.now() - started });
        });
      });
      req.setTimeout(options.timeoutMs ?? 120_000, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      req.on("error", (error) => resolve({ status: 0, headers: {}, text: "", json: undefined, error: error.code ?? error.message, ms: performance.now() - started }));
      req.end(body);
    });
  }
  return { request, close: () => agent.destroy() };
}

/** Parses a text/event-stream body into [{event, data}] (data JSON-decoded when possible). */
export function parseSse(text) {
  const events = [];
  for (const block of text.split(/\n\n/)) {
    let event = "message";
    const data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue;
    let parsed = data.join("\n");
    try {
      parsed = JSON.parse(parsed);
    } catch {
      // plain text data
    }
    events.push({ event, data: parsed });
  }
  return events;
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * @typedef {{ outcome: "ok" | "designed" | "error", status: number, ms: number, note?: string }} ActionResult
 * @typedef {{ name: string, weight: number, run: (vu: any) => Promise<ActionResult> }} Action
 */

/**
 * Runs the actions (picked by weight) on `connections` virtual users for `durationMs`.
 * @param {{ connections: number, durationMs: number, actions: Action[], vus: any[], onTick?: (elapsedMs: number) => void }} options
 */
export async function runLoad({ connections, durationMs, actions, vus, onTick }) {
  const totalWeight = actions.reduce((sum, a) => sum + a.weight, 0);
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const action of actions) {
      r -= action.weight;
      if (r < 0) return action;
    }
    return actions[actions.length - 1];
  };
  const byAction = new Map(actions.map((a) => [a.name, { count: 0, ok: 0, designed: 0, error: 0, latencies: [], statuses: {}, examples: [] }]));
  const started = performance.now();
  const end = started + durationMs;
  const ticker = onTick ? setInterval(() => onTick(performance.now() - started), 5_000) : undefined;

  const worker = async (index) => {
    const vu = vus[index % vus.length];
    while (performance.now() < end) {
      const action = pick();
      let result;
      try {
        result = await action.run(vu);
      } catch (error) {
        result = { outcome: "error", status: 0, ms: 0, note: String(error?.message ?? error) };
      }
      const stats = byAction.get(action.name);
      stats.count++;
      stats[result.outcome]++;
      stats.latencies.push(result.ms);
      stats.statuses[result.status] = (stats.statuses[result.status] ?? 0) + 1;
      if (result.outcome === "error" && stats.examples.length < 5) stats.examples.push(`${result.status} ${result.note ?? ""}`.slice(0, 300));
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
  if (ticker) clearInterval(ticker);
  const elapsedMs = performance.now() - started;

  const all = { count: 0, ok: 0, designed: 0, error: 0, latencies: [] };
  const perAction = {};
  for (const [name, stats] of byAction) {
    all.count += stats.count;
    all.ok += stats.ok;
    all.designed += stats.designed;
    all.error += stats.error;
    for (const v of stats.latencies) all.latencies.push(v);
    perAction[name] = {
      count: stats.count,
      ok: stats.ok,
      designed: stats.designed,
      error: stats.error,
      statuses: stats.statuses,
      examples: stats.examples,
      rps: stats.count / (elapsedMs / 1000),
      p50: percentile(stats.latencies, 50),
      p95: percentile(stats.latencies, 95),
      p99: percentile(stats.latencies, 99),
    };
  }
  return {
    elapsedMs,
    count: all.count,
    ok: all.ok,
    designed: all.designed,
    error: all.error,
    rps: all.count / (elapsedMs / 1000),
    p50: percentile(all.latencies, 50),
    p95: percentile(all.latencies, 95),
    p99: percentile(all.latencies, 99),
    perAction,
  };
}
