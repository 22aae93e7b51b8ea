// The embedded database's own thread (ADR 054): PGlite runs here, in a `node:worker_threads` worker, so that its
// WASM (every query runs synchronously in it) never holds the server's event loop. The server talks to it through
// `pglite-thread.ts`, one message per call. Plain JavaScript on purpose: node starts a worker from a file, and this
// one must start the same way under vitest, tsx and the bundle of `npm start` (which keeps this file where it is).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread of the server');
const port = parentPort;

const { dataDir, startParams, loadDataDir } = workerData;
const db = new PGlite({
  dataDir,
  startParams,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
});

/** Open transactions by the id the server holds: PGlite's transaction object and how to end it. */
const transactions = new Map();
let lastTransaction = 0;
/** Ends a transaction the server rolls back: PGlite's `transaction()` rolls back when its callback throws. */
const ROLLBACK = Symbol('rollback');

/** Values of these types stay as PostgreSQL's text (Drizzle's choice for dates, times and intervals). */
const keepText = (value) => value;
const queryOptions = new Map();
function optionsFor(rowMode, textTypes) {
  const key = `${rowMode}:${textTypes.join(',')}`;
  let options = queryOptions.get(key);
  if (!options) {
    options = { rowMode, parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) };
    queryOptions.set(key, options);
  }
  return options;
}

/** Only what the server reads of a result crosses the thread boundary. */
function resultOf(result) {
  return {
    rows: result.rows,
    fields: result.fields,
    affectedRows: result.affectedRows,
    rowCount: result.rowCount,
    command: result.command,
  };
}

/** The executor a message names: an open transaction, or the database itself. */
function executorOf(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`No open embedded transaction ${message.tx}`);
  return open.tx;
}

function begin() {
  const id = ++lastTransaction;
  return new Promise((started, failed) => {
    const done = db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          started(id);
        }),
    );
    // BEGIN itself failed (the callback never ran); later, a no-op: `end` reads how the transaction ended.
    done.catch(failed);
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open embedded transaction ${id}`);
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  } finally {
    transactions.delete(id);
  }
}

async function handle(message) {
  switch (message.op) {
    case 'ready':
      await db.waitReady;
      return undefined;
    case 'query': {
      const result = await executorOf(message).query(
        message.sql,
        message.params,
        optionsFor(message.rowMode, message.textTypes),
      );
      return resultOf(result);
    }
    case 'exec':
      return (await executorOf(message).exec(message.sql)).map(resultOf);
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'dump': {
      const blob = await db.dumpDataDir('none');
      return await blob.arrayBuffer();
    }
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`Unknown embedded database message: ${message.op}`);
  }
}

/** A PostgreSQL error keeps its fields (code, constraint, detail…): the server's error handling reads them. */
function errorOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [name, value] of Object.entries(error)) {
    // The statement and its values stay here: they can be large, and the server logs its own.
    if (name === 'query' || name === 'params' || name === 'queryOptions') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[name] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

port.on('message', (message) => {
  handle(message).then(
    (result) => {
      port.postMessage({ id: message.id, result }, result instanceof ArrayBuffer ? [result] : []);
    },
    (error) => port.postMessage({ id: message.id, error: errorOf(error) }),
  );
});
