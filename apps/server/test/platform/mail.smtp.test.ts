import type { AddressInfo } from 'node:net';
import { authEndpoints, systemEndpoints } from '@market/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../support/contract-requests.js';
import { createTestApp, nextIp, PASSWORD, type TestApp, uniqueEmail } from '../support/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let test: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  test = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Naija Market <hello@naijamarket.test>' },
  });
});

afterAll(async () => {
  await test.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP delivery', () => {
  it('delivers the confirmation mail over SMTP and marks it sent in the outbox', async () => {
    const email = uniqueEmail('smtp');
    const response = await test.app.inject({
      ...requestOf(authEndpoints.customer.signup),
      remoteAddress: nextIp(),
      payload: {
        firstName: 'Obinna',
        lastName: 'Eze',
        email,
        password: PASSWORD,
        phoneNumber: '08031234567',
      },
    });
    expect(response.statusCode).toBe(201);
    await test.deps.mailer.flush();
    const mail = received.find((item) => item.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe('hello@naijamarket.test');
    expect(mail?.raw).toContain('Subject: Confirm your email address');
    expect(mail?.raw).toMatch(/customer\/confirm-email\//);
    const outbox = await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: email } }));
    expect(JSON.parse(outbox.body).data[0].sentAt).toBeTruthy();
  });
});
