// The subset of autocannon 9's programmatic API the benchmark uses (no @types package is installed).
declare module 'autocannon' {
  type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Request = RequestParams & { setupRequest?: (req: RequestParams) => RequestParams };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram & { p97_5: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
