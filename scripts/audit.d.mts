export declare const EXPLAINED: Record<string, string>;

export interface AuditItem {
  name: string;
  id: string;
  title: string;
  severity: string;
  url?: string;
  explained: boolean;
}

export declare function runAudit(options?: { timeoutMs?: number }):
  | { reachable: false; reason: string }
  | { reachable: true; counts: Record<string, number>; severe: AuditItem[] };
