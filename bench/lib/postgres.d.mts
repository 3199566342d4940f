import type { SpawnSyncReturns } from "node:child_process";

export interface PostgresCluster {
  url: string;
  port: number;
  binDir: string;
  urlFor(database: string): string;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  restart(mode?: "fast" | "immediate"): void;
  stopAsync(mode?: "fast" | "immediate"): Promise<void>;
  startAsync(): Promise<void>;
  restartAsync(mode?: "fast" | "immediate", downMs?: number): Promise<void>;
  run(tool: string, args: string[]): SpawnSyncReturns<string>;
  /** The postmaster's process id, or null when it is not running. */
  pid(): number | null;
  log(): string;
  destroy(): void;
}

export declare function findPostgresBinDir(): string | null;
export declare function startPostgres(options?: { maxConnections?: number; settings?: string[] }): Promise<PostgresCluster>;
