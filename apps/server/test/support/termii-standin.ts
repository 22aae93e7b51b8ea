import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./termii-fixtures/${name}`, import.meta.url), 'utf8')) as T;

/** Termii's documented samples (`termii-fixtures/README.md`). */
export const termiiErrors =
  fixture<
    Record<
      'unauthorized' | 'deviceNotFound' | 'notOnRoute' | 'dailyLimit' | 'serverError',
      { status: number; message: string }
    >
  >('errors.json');
export const documentedTemplateAnswer =
  fixture<{ code: string; message_id: string; message: string }[]>('template-answer.json');
export const documentedTemplateRequest = fixture<Record<string, unknown>>('template-request.json');
const errors = termiiErrors;
const documentedAnswer = documentedTemplateAnswer;
const documentedRequest = documentedTemplateRequest;

/**
 * A local Termii for the WhatsApp adapter (issue 36): POST /api/send/template and /api/sms/send answered as
 * Termii's documentation says (the samples in `termii-fixtures/`), with its error statuses for a wrong key, an
 * unknown device or template, and ways to misbehave on purpose:
 * - `late`: answers after `delayMs` (longer than the caller waits);
 * - `silent`: reads the request and closes the connection without a word;
 * - `repetitive`: answers every request with the documented sample verbatim, the same message id each time;
 * - an error of `errors.json` by name.
 */
export type StandInMode =
  | { mode: 'normal' }
  | { mode: 'late'; delayMs: number }
  | { mode: 'silent' }
  | { mode: 'repetitive' }
  | { mode: 'error'; error: keyof typeof errors };

export interface TermiiStandIn {
  url: string;
  apiKey: string;
  deviceId: string;
  templates: { 'order-update': string; 'account-alert': string };
  /** Every request it read, in order: its path and JSON body. */
  requests: { path: string; body: Record<string, unknown> }[];
  behave(mode: StandInMode): void;
  close(): Promise<void>;
}

const documentedKeys = Object.keys(documentedRequest).sort();

export async function startTermiiStandIn(): Promise<TermiiStandIn> {
  const apiKey = 'TLstandinkey';
  const deviceId = randomUUID();
  const templates = { 'order-update': randomUUID(), 'account-alert': randomUUID() };
  const known = new Set<string>(Object.values(templates));
  const requests: TermiiStandIn['requests'] = [];
  let behaviour: StandInMode = { mode: 'normal' };

  const answer = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: request.url ?? '', body });
      const now = behaviour;
      if (now.mode === 'silent') {
        request.socket.destroy();
        return;
      }
      if (now.mode === 'error') {
        const { status, message } = errors[now.error];
        answer(response, status, { message });
        return;
      }
      const reply = () => {
        if (body.api_key !== apiKey) return answer(response, 401, { message: errors.unauthorized.message });
        if (request.url === '/api/sms/send')
          return answer(response, 200, {
            code: 'ok',
            message_id: String(Date.now()),
            message: 'Successfully Sent',
            balance: 9,
            user: 'Stand-in',
          });
        if (request.url !== '/api/send/template') return answer(response, 404, { message: 'Not Found' });
        // The documented request's fields, no more and no fewer.
        if (Object.keys(body).sort().join() !== documentedKeys.join())
          return answer(response, 400, { message: `Send exactly ${documentedKeys.join(', ')}` });
        if (body.device_id !== deviceId)
          return answer(response, 404, { message: errors.deviceNotFound.message });
        if (!known.has(String(body.template_id)))
          return answer(response, 422, { message: 'Template not found' });
        if (!/^234\d{10}$/.test(String(body.phone_number)))
          return answer(response, 400, { message: 'Invalid phone number' });
        if (now.mode === 'repetitive') return answer(response, 200, documentedAnswer);
        return answer(response, 200, [
          { ...documentedAnswer[0], message_id: String(process.hrtime.bigint()) },
        ]);
      };
      if (now.mode === 'late') setTimeout(reply, now.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    deviceId,
    templates,
    requests,
    behave(mode) {
      behaviour = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
