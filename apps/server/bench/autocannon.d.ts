/** The part of autocannon 8 the API benchmark uses (it ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
  };
  type Result = {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: { p50: number; p90: number; p99: number; max: number; average: number };
  };
  type Instance = EventEmitter & Promise<Result>;
  function autocannon(options: Options): Instance;
  export default autocannon;
}
