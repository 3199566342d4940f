import type pg from "pg";
import type { PostgresCluster } from "./postgres.mjs";
import type { Proxy } from "./proxy.mjs";
import type { ServerProcess } from "./server-process.mjs";

export declare const logDir: string;

export interface Cluster {
  postgres: PostgresCluster;
  databaseUrl: string;
  servers: ServerProcess[];
  proxy: Proxy & { kind?: "nginx"; pids?: number[] };
  pool: pg.Pool;
  env: Record<string, string>;
  restartServer(index: number): Promise<ServerProcess>;
  stop(): Promise<void>;
}

export interface Invariants {
  users: number;
  balanceMismatches: number;
  negativeBalances: number;
  paymentsGrantedTwice: number;
  succeededPayments: number;
  purchaseRows: number;
  succeededNotGranted: number;
  grantedNotSucceeded: number;
  purchaseAmountMismatches: number;
  pendingPayments: number;
  answeredQuestions: number;
  aiSpendRows: number;
  answeredWithoutSpend: number;
  unansweredWithSpend: number;
  pendingQuestions: number;
  ok: boolean;
}

export declare function startCluster(options: {
  name: string;
  instances?: number;
  env?: Record<string, string>;
  postgres?: PostgresCluster;
  database?: string;
  log?: (line: string) => void;
  proxy?: "node" | "nginx";
  nodeArgs?: string[];
}): Promise<Cluster>;

export declare function checkInvariants(pool: pg.Pool): Promise<Invariants>;
