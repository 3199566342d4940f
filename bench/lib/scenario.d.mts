import type { Action, Client } from "./load.mjs";

export interface Account {
  email: string;
  token: string;
  userId: string;
}

export interface Tally {
  checkoutsSucceeded: Set<string>;
  declined: number;
  answers: number;
  unavailable: number;
  streamErrors: number;
  logins: number;
  /** Checkouts the client saw no outcome for (5xx, connection lost, 409 in progress): retried later with the same key. */
  unsettled: { token: string; body: Record<string, unknown> }[];
}

export declare const PUBLIC_PAGES: string[];
export declare const PASSWORD: string;
export declare function randomIp(): string;
export declare function registerAccounts(client: Client, count: number, options?: { prefix?: string; concurrency?: number }): Promise<Account[]>;
export declare function makeVus(accounts: Account[], connections: number, perVu?: number): { accounts: Account[]; turn: number }[];
export declare function mixedActions(client: Client, options?: { tally?: Partial<Tally>; allowUnavailable?: boolean }): Action[];
