import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface RotatingRun {
  /** wrk's binary (a Debian package: the load generator must not be the bottleneck). */
  wrk?: string;
  threads: number;
  connections: number;
  seconds: number;
  /** wrk's bound on one answer; a later one counts as a timeout. */
  timeout: string;
}

/**
 * wrk over `bench/rotating-mix.lua`: each connection walks the paths of `pathsFile` from its own place, asking
 * `Accept-Encoding: br, gzip` as browsers do. Answers wrk's whole output (the script's `ANSWERS {…}` line included),
 * for the caller to read what it reports.
 */
export function runRotatingMix(base: string, pathsFile: string, run: RotatingRun): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      run.wrk ?? 'wrk',
      [
        `-t${run.threads}`,
        `-c${run.connections}`,
        `-d${run.seconds}s`,
        '--timeout',
        run.timeout,
        '--latency',
        '-H',
        'Accept-Encoding: br, gzip',
        '-s',
        path.join(here, 'rotating-mix.lua'),
        base,
        '--',
        pathsFile,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`wrk exited ${code}`))));
  });
}
