import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** What the server asks of the embedded database's thread (`pglite-worker.mjs`), one message per call. */
type Request =
  | { op: 'ready' }
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'object' | 'array';
      textTypes: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };

type Reply = { id: number; result?: unknown; error?: ErrorFields };
type ErrorFields = Record<string, string | number | boolean | null> & { message: string };

/** The part of PGlite's client Drizzle's PGlite session and this platform use, as the thread answers it. */
export interface PGliteExecutor {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface PGliteThreadOptions {
  /** On-disk data directory (an existing one: `openDatabase` creates new ones out of process), or in memory. */
  dataDir?: string;
  /** A dumped data directory to start from (the tests' template). */
  loadDataDir?: Blob;
  startParams: string[];
}

/** The weight of the latest call in the moving average of the worker's time per call. */
const SERVICE_WEIGHT = 0.2;

/** How long `close` waits for calls in flight before closing anyway. */
const CLOSE_DRAIN_MS = 5_000;

/**
 * The parsers Drizzle's PGlite session passes keep values of some types as PostgreSQL's text (dates, timestamps,
 * intervals and their arrays). A function cannot cross to the worker, so the worker is told which types to keep as
 * text; a parser that does anything else is refused rather than silently not applied.
 */
const textTypesByParsers = new WeakMap<object, number[]>();
function textTypesOf(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  let types = textTypesByParsers.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      const probe = '2026-01-01 00:00:00';
      if (parse(probe, Number(type)) !== probe)
        throw new Error(
          `The embedded database's thread keeps type ${type} as text; it cannot run this parser`,
        );
      return Number(type);
    });
    textTypesByParsers.set(parsers, types);
  }
  return types;
}

/**
 * PGlite in a worker thread (ADR 054). PGlite runs each query synchronously in WASM: on the server's thread every
 * query held the event loop, so under load cache hits, TLS, compression and timers waited behind the database. Here
 * the worker computes queries (and parses their rows) while the event loop serves everything else; rows cross as
 * structured clones. Transactions stay open in the worker between messages: a query outside one waits for it there,
 * as PGlite does in process. Drizzle's PGlite driver takes this object as its client (`query`, `exec`,
 * `transaction`).
 */
export class PGliteThread implements PGliteExecutor {
  readonly #worker: Worker;
  /** Calls sent and not answered, oldest first (a Map keeps insertion order). */
  readonly #calls = new Map<
    number,
    { sentAt: number; timed: boolean; resolve(value: unknown): void; reject(error: Error): void }
  >();
  #lastCall = 0;
  /** The worker's time per call lately (a moving average), and when it last answered. */
  #serviceMs = 2;
  #lastAnswerAt = 0;
  /** Set once the worker is gone: every call after fails with it. */
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const call = this.#calls.get(reply.id);
      if (!call) return;
      this.#calls.delete(reply.id);
      // The worker started this call when it finished the one before, or when the call arrived if it was idle.
      const now = performance.now();
      if (call.timed)
        this.#serviceMs +=
          SERVICE_WEIGHT * (now - Math.max(this.#lastAnswerAt, call.sentAt) - this.#serviceMs);
      this.#lastAnswerAt = now;
      if (reply.error) call.reject(errorFrom(reply.error));
      else call.resolve(reply.result);
    });
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) =>
      this.#stop(new Error(`The embedded database's thread exited (code ${code})`)),
    );
  }

  static async open(options: PGliteThreadOptions): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, startParams: options.startParams, loadDataDir },
      transferList: loadDataDir ? [loadDataDir] : [],
      // Its own name in heap snapshots, profiles and `process.report`.
      name: 'pglite',
    });
    const thread = new PGliteThread(worker);
    try {
      await thread.#call({ op: 'ready' });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  /** Whether the thread keeps the process alive (it does, as a worker does, until told otherwise). */
  holdProcess(hold: boolean): void {
    if (hold) this.#worker.ref();
    else this.#worker.unref();
  }

  /** Calls sent and not answered yet: what waits on the embedded database. */
  get waiting(): number {
    return this.#calls.size;
  }

  /**
   * How long a call sent now would wait for its answer, in ms: the calls ahead of it times the time the worker has
   * lately taken per call. Measured, not assumed, so it rises when the machine is short of CPU as well.
   */
  expectedWaitMs(): number {
    return (this.#calls.size + 1) * this.#serviceMs;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: PGliteExecutor) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    const executor: PGliteExecutor = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#query<R>(sql, params, options, tx),
      exec: (sql: string) => this.#call({ op: 'exec', sql, tx }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await callback(executor);
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** The data directory as an uncompressed tarball, as PGlite's `dumpDataDir('none')` gives it. */
  async dumpDataDir(_compression: 'none'): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump' })) as ArrayBuffer]);
  }

  /**
   * Closes the database (PGlite writes what it holds to the data directory), then ends the thread. Calls already
   * sent are answered first: at shutdown, requests still in flight finish their queries instead of failing.
   */
  async close(): Promise<void> {
    if (this.#stopped) return;
    const deadline = performance.now() + CLOSE_DRAIN_MS;
    while (this.#calls.size > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#stop(new Error('The embedded database is closed'));
      await this.#worker.terminate();
    }
  }

  #query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<Results<T>> {
    return this.#call({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      textTypes: textTypesOf(options?.parsers),
      tx,
    }) as Promise<Results<T>>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastCall;
    return new Promise((resolve, reject) => {
      // Opening, dumping and closing take seconds and say nothing about the queue that queries form.
      const timed = request.op !== 'ready' && request.op !== 'dump' && request.op !== 'close';
      this.#calls.set(id, { sentAt: performance.now(), timed, resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const call of this.#calls.values()) call.reject(reason);
    this.#calls.clear();
  }
}

/** The worker's error as an `Error` of this thread, with PostgreSQL's fields (code, constraint, detail…) on it. */
function errorFrom(fields: ErrorFields): Error {
  const { message, name, stack, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (typeof name === 'string') error.name = name;
  if (typeof stack === 'string')
    error.stack = `${error.stack}\n    in the embedded database's thread:\n${stack}`;
  return error;
}
