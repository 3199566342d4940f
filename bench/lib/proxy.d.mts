export interface Proxy {
  url: string;
  port: number;
  stats: { requests: number; retried: number; badGateway: number };
  setUpstreams(list: string[]): void;
  close(): Promise<void>;
}

export declare function startProxy(options: { upstreams: string[]; port?: number; proto?: string }): Promise<Proxy>;
