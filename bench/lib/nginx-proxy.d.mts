export interface NginxProxy {
  url: string;
  port: number;
  /** Counted from the access log when the proxy closes. */
  stats: { requests: number; cacheHits: number; cacheMisses: number; badGateway: number };
  kind: "nginx";
  /** The worker processes' ids. */
  pids: number[];
  close(): Promise<void>;
}

export declare function localNginxConf(options: { upstreams: string[]; port: number; dir: string }): string;

export declare function startNginxProxy(options: { upstreams: string[] }): Promise<NginxProxy>;
