import type { IncomingHttpHeaders } from "node:http";

export interface ClientResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: any;
  error?: string;
  ms: number;
}

export interface Client {
  request(method: string, path: string, options?: { headers?: Record<string, string>; json?: unknown; timeoutMs?: number }): Promise<ClientResponse>;
  close(): void;
}

export interface ActionResult {
  outcome: "ok" | "designed" | "error";
  status: number;
  ms: number;
  note?: string;
}

export interface Action {
  name: string;
  weight: number;
  run(vu: any): Promise<ActionResult>;
}

export interface ActionStats {
  count: number;
  ok: number;
  designed: number;
  error: number;
  statuses: Record<string, number>;
  examples: string[];
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadResult {
  elapsedMs: number;
  count: number;
  ok: number;
  designed: number;
  error: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  perAction: Record<string, ActionStats>;
}

export declare function createClient(baseURL: string, options?: { maxSockets?: number }): Client;
export declare function parseSse(text: string): { event: string; data: any }[];
export declare function percentile(values: number[], p: number): number;
export declare function runLoad(options: {
  connections: number;
  durationMs: number;
  actions: Action[];
  vus: any[];
  onTick?: (elapsedMs: number) => void;
}): Promise<LoadResult>;
