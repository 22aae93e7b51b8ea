import type { FastifyReply } from 'fastify';

/**
 * The one CSV reply (ADR 081): the file itself, not an envelope, so a spreadsheet opens it as it is; named for a
 * download, and never kept by a cache (it holds an account's data). The text is written by `platform/csv.ts`
 * (formula-injection escaping, RFC 4180 quoting); this only answers it.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .code(200)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
