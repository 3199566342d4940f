import type { ChildProcess } from "node:child_process";

export declare const projectRoot: string;
export declare const appRoot: string;
export declare const serverEntry: string;

export interface ServerProcess {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null; at: number }>;
  output(): string;
  kill(signal?: NodeJS.Signals): void;
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: string | null }>;
}

export declare function startServerProcess(
  name: string,
  env: Record<string, string | undefined>,
  options?: { logFile?: string; port?: number; startTimeoutMs?: number; waitReady?: boolean; nodeArgs?: string[]; appRoot?: string },
): Promise<ServerProcess>;

export declare function waitForAnswer(target: string, hasExited?: () => boolean, options?: { timeoutMs?: number; pollMs?: number }): Promise<void>;
export declare function waitForReady(url: string, hasExited?: () => boolean, timeoutMs?: number): Promise<void>;
