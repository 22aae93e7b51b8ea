import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsSender } from '../../src/platform/sms/sms.js';
import { outboxSms } from '../../src/platform/sms/sms.schema.js';
import { sendWhatsappTemplate, type WhatsappConfig } from '../../src/platform/sms/whatsapp.js';
import {
  documentedTemplateAnswer as documentedAnswer,
  documentedTemplateRequest as documentedRequest,
  startTermiiStandIn,
  type TermiiStandIn,
} from '../support/termii-standin.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// WhatsApp through Termii (issue 36, ADR 090): the adapter against Termii's documented request and answer, kept as
// fixtures, and a local stand-in that answers as the documentation says, then late, silent and repetitive on
// purpose. Three outcomes: done, refused (for good: it goes as SMS; for now: later), unknown (never sent again).

let test: TestApp;
let termii: TermiiStandIn;
let config: WhatsappConfig;
let number = 0;
/** A fresh +234 number for each message, so each test reads its own rows. */
const nextNumber = () => `+23480377${String(10000 + (number++ % 90000)).padStart(5, '0')}`;

beforeAll(async () => {
  test = await createTestApp();
  termii = await startTermiiStandIn();
  config = {
    apiKey: termii.apiKey,
    baseUrl: termii.url,
    deviceId: termii.deviceId,
    templates: { ...termii.templates },
  };
}, 120_000);
afterAll(async () => {
  await termii.close();
  await test.close();
});
beforeEach(() => termii.behave({ mode: 'normal' }));

const senderWith = (whatsapp: WhatsappConfig | undefined, timeoutOverride?: typeof fetch) =>
  createSmsSender({
    db: test.deps.db,
    termii: { apiKey: termii.apiKey, baseUrl: termii.url, senderId: 'NaijaMarket' },
    whatsapp,
    logger: test.deps.logger,
    fetch: timeoutOverride,
    budget: { perRecipientHour: 3, perOrder: 100, perDay: 10_000, settleSeconds: 0 },
  });
const rowsTo = (to: string) => test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, to));
const requestsTo = (to: string) =>
  termii.requests.filter((request) => (request.body.phone_number ?? request.body.to) === to.slice(1));
const orderUpdate = (to: string) => ({
  to,
  text: 'Order NM-1 was accepted. Track: http://localhost:3000/t/x',
  kind: 'order.accepted',
  whatsapp: {
    template: 'order-update' as const,
    data: { first_name: 'Ada', order_number: 'NM-1', update: 'Accepted', track_url: 'http://x/t/y' },
  },
});
/** A fetch that gives up after 300 ms, so a late stand-in is late without a 15-second test. */
const impatientFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(300) });

describe('the adapter against the documented samples', () => {
  it('sends the documented request, field for field, and reads the documented answer as done', async () => {
    const to = nextNumber();
    const result = await sendWhatsappTemplate(config, {
      to,
      templateId: termii.templates['account-alert'],
      data: { first_name: 'Ada', title: 'Hello', detail: 'World' },
    });
    expect(result).toMatchObject({ outcome: 'done' });
    const [sent] = requestsTo(to);
    expect(sent!.path).toBe('/api/send/template');
    expect(Object.keys(sent!.body).sort()).toEqual(Object.keys(documentedRequest).sort());
    expect(sent!.body).toEqual({
      phone_number: to.slice(1),
      device_id: termii.deviceId,
      template_id: termii.templates['account-alert'],
      api_key: termii.apiKey,
      data: { first_name: 'Ada', title: 'Hello', detail: 'World' },
    });
    // The documented answer itself, a list of one, read as sent with its id.
    termii.behave({ mode: 'repetitive' });
    expect(
      await sendWhatsappTemplate(config, { to, templateId: termii.templates['account-alert'], data: {} }),
    ).toEqual({ outcome: 'done', messageId: documentedAnswer[0]!.message_id });
  });

  it("reads Termii's error statuses: refused for good, refused for now, or unknown", async () => {
    const send = () =>
      sendWhatsappTemplate(config, {
        to: nextNumber(),
        templateId: termii.templates['order-update'],
        data: {},
      });
    termii.behave({ mode: 'error', error: 'unauthorized' });
    expect(await send()).toMatchObject({
      outcome: 'refused',
      retry: false,
      reason: expect.stringContaining('401'),
    });
    termii.behave({ mode: 'error', error: 'deviceNotFound' });
    expect(await send()).toMatchObject({
      outcome: 'refused',
      retry: false,
      reason: expect.stringContaining('Device not found'),
    });
    termii.behave({ mode: 'error', error: 'notOnRoute' });
    expect(await send()).toMatchObject({ outcome: 'refused', retry: false });
    termii.behave({ mode: 'error', error: 'dailyLimit' });
    expect(await send()).toMatchObject({ outcome: 'refused', retry: true });
    termii.behave({ mode: 'error', error: 'serverError' });
    expect(await send()).toMatchObject({ outcome: 'unknown' });
    // A template Termii does not know, checked by the stand-in as Termii does.
    termii.behave({ mode: 'normal' });
    expect(
      await sendWhatsappTemplate(config, { to: nextNumber(), templateId: 'not-approved', data: {} }),
    ).toMatchObject({ outcome: 'refused', retry: false });
  });

  it('calls a late or silent Termii unknown, and one that cannot be reached refused for now', async () => {
    termii.behave({ mode: 'late', delayMs: 1500 });
    const late = await sendWhatsappTemplate(
      config,
      { to: nextNumber(), templateId: termii.templates['order-update'], data: {} },
      { timeoutMs: 300 },
    );
    expect(late).toMatchObject({ outcome: 'unknown', reason: expect.stringContaining('No answer') });
    termii.behave({ mode: 'silent' });
    expect(
      await sendWhatsappTemplate(config, {
        to: nextNumber(),
        templateId: termii.templates['order-update'],
        data: {},
      }),
    ).toMatchObject({ outcome: 'unknown' });
    // A port nothing listens on any more: the connection is refused, the request never left.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(
      await sendWhatsappTemplate(
        { ...config, baseUrl: `http://127.0.0.1:${port}` },
        { to: nextNumber(), templateId: termii.templates['order-update'], data: {} },
      ),
    ).toMatchObject({ outcome: 'refused', retry: true });
  });
});

describe('the outbox on WhatsApp', () => {
  it('sends a chosen WhatsApp message once with its template, and records the message id', async () => {
    const sender = senderWith(config);
    const to = nextNumber();
    await sender.send(test.deps.db, orderUpdate(to));
    await sender.flush();
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ channel: 'whatsapp', templateId: termii.templates['order-update'] });
    expect(row!.sentAt).not.toBeNull();
    expect(row!.providerMessageId).toMatch(/^\d+$/);
    expect(requestsTo(to)).toHaveLength(1);
    expect(requestsTo(to)[0]!.body.data).toEqual(orderUpdate(to).whatsapp.data);
  });

  it('a late answer is unknown: the row says so, and later flushes never send it again', async () => {
    const sender = senderWith(config, impatientFetch);
    const to = nextNumber();
    termii.behave({ mode: 'late', delayMs: 1500 });
    await sender.send(test.deps.db, orderUpdate(to));
    await sender.flush();
    termii.behave({ mode: 'normal' });
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ outcome: 'unknown', sentAt: null, channel: 'whatsapp' });
    expect(row!.lastError).toContain('unknown');
    // Past any back-off: still never claimed again.
    await test.deps.db.update(outboxSms).set({ claimedAt: null }).where(eq(outboxSms.id, row!.id));
    await sender.flush();
    await sender.flush();
    expect(requestsTo(to)).toHaveLength(1);
  });

  it('a silent Termii is unknown too, and is not sent again', async () => {
    const sender = senderWith(config);
    const to = nextNumber();
    termii.behave({ mode: 'silent' });
    await sender.send(test.deps.db, orderUpdate(to));
    await sender.flush();
    termii.behave({ mode: 'normal' });
    await sender.flush();
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ outcome: 'unknown', sentAt: null });
    expect(requestsTo(to)).toHaveLength(1);
  });

  it('a refusal for good sends the same row as its SMS, counted once in the budget', async () => {
    const sender = senderWith(config);
    const to = nextNumber();
    termii.behave({ mode: 'error', error: 'notOnRoute' });
    await sender.send(test.deps.db, orderUpdate(to));
    await sender.flush();
    termii.behave({ mode: 'normal' });
    await sender.flush();
    const rows = await rowsTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', outcome: null });
    expect(rows[0]!.sentAt).not.toBeNull();
    expect(requestsTo(to).map((request) => request.path)).toEqual(['/api/send/template', '/api/sms/send']);
  });

  it('a repetitive Termii (the same id every time) and two processes flushing at once send each message once', async () => {
    termii.behave({ mode: 'repetitive' });
    const numbers = [nextNumber(), nextNumber(), nextNumber()];
    const first = senderWith(config);
    const second = senderWith(config);
    for (const to of numbers) await first.send(test.deps.db, orderUpdate(to));
    await Promise.all([first.flush(), second.flush(), first.flush(), second.flush()]);
    for (const to of numbers) expect(requestsTo(to)).toHaveLength(1);
    const rows = await test.deps.db.select().from(outboxSms).where(inArray(outboxSms.to, numbers));
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.providerMessageId))).toEqual(
      new Set([documentedAnswer[0]!.message_id]),
    );
  });

  it('counts WhatsApp in the SMS budget: beyond the cap a number gets no more, on either channel', async () => {
    const sender = senderWith(config);
    const to = nextNumber();
    for (let i = 0; i < 2; i++) await sender.send(test.deps.db, orderUpdate(to));
    await sender.send(test.deps.db, { to, text: 'An SMS' });
    await sender.send(test.deps.db, orderUpdate(to));
    const rows = await rowsTo(to);
    expect(rows.filter((row) => row.heldReason === null)).toHaveLength(3);
    expect(rows.filter((row) => row.heldReason === 'recipient-hour')).toHaveLength(1);
  });

  it('without a WhatsApp device (or without the template) the message is written as its SMS', async () => {
    const noDevice = senderWith(undefined);
    expect(noDevice.whatsappSends('order-update')).toBe(false);
    const to = nextNumber();
    await noDevice.send(test.deps.db, orderUpdate(to));
    const noTemplate = senderWith({
      ...config,
      templates: { 'account-alert': termii.templates['account-alert'] },
    });
    expect(noTemplate.whatsappSends('order-update')).toBe(false);
    await noTemplate.send(test.deps.db, orderUpdate(to));
    const rows = await rowsTo(to);
    expect(rows.map((row) => [row.channel, row.templateId, row.text])).toEqual([
      ['sms', null, orderUpdate(to).text],
      ['sms', null, orderUpdate(to).text],
    ]);
  });
});
