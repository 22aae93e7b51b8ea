// Types of `stack.mjs` for the TypeScript that imports it (bench/rolling-restart.bench.ts).
export interface StackServer {
  index: number;
  port: number;
}

export interface Stack {
  /** The proxy's address, e.g. http://127.0.0.1:31080. */
  url: string;
  databaseUrl: string;
  servers: StackServer[];
  /** SIGTERM one process, wait for its exit, start it again and wait until it is ready. */
  restart(
    index: number,
  ): Promise<{ code: number | null; signal: string | null; stoppedMs: number; backMs: number }>;
  stop(): Promise<void>;
}

export function startStack(options?: { processes?: number; port?: number }): Promise<Stack>;
