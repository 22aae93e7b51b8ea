// The bare side of reads-vs-bare.bench.ts: a plain node:http server that answers each path with the bytes and
// headers the app sent for it (recorded by the bench, brotli included). A path it was not given (the cold mix asks
// each page once) gets the recorded answers of other cold pages in turn, so it still sends the same kind of bytes.
// Run by the bench as its own process, so its CPU is measured apart: node bare-server.mjs <answers.json>
import fs from 'node:fs';
import http from 'node:http';

const recorded = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const toAnswer = (entry) => ({
  status: entry.status,
  headers: entry.headers,
  body: Buffer.from(entry.body, 'base64'),
});
const answers = new Map(recorded.paths.map((entry) => [entry.path, toAnswer(entry)]));
const fallback = recorded.fallback.map(toAnswer);
// Each cold mix's own answers (a search page for a search, a filtered page for a filter), when the bench gave them.
const fallbacks = Object.fromEntries(
  Object.entries(recorded.fallbacks ?? {}).map(([kind, entries]) => [kind, entries.map(toAnswer)]),
);
const kindOf = (url) =>
  url.includes('search=') ? 'search' : url.includes('minPrice=') ? 'filter' : 'listing';
let next = 0;

const server = http.createServer((request, response) => {
  let answer = answers.get(request.url);
  if (!answer) {
    const answers = fallbacks[kindOf(request.url)]?.length ? fallbacks[kindOf(request.url)] : fallback;
    answer = answers[next % answers.length];
    next += 1;
  }
  response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
