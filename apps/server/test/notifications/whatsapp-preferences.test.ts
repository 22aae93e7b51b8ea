import { notificationEndpoints, trackingEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { outboxSms } from '../../src/platform/sms/sms.schema.js';
import { caller, paidOrder } from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore, Shopper } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { startTermiiStandIn, type TermiiStandIn } from '../support/termii-standin.js';
import { createAdmin, createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// WhatsApp as a notification channel (issue 36, ADR 090): an account opts in with a number (its own consent) and
// ticks WhatsApp for a kind; only then do its messages of that kind go on WhatsApp, through Termii's template API,
// with the order's tracking link. Each account reads and changes its own settings only.

let termii: TermiiStandIn;
let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let ada: Shopper;
let bola: Shopper;
let call: ReturnType<typeof caller>;
const PUT = (url: string, token: string | undefined, payload: unknown) =>
  test.app.inject({
    method: 'PUT',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  termii = await startTermiiStandIn();
  const market = await world({
    customers: 2,
    app: {
      env: {
        TERMII_API_KEY: termii.apiKey,
        TERMII_BASE_URL: termii.url,
        TERMII_WHATSAPP_DEVICE_ID: termii.deviceId,
        TERMII_WHATSAPP_TEMPLATE_ORDER_UPDATE: termii.templates['order-update'],
        TERMII_WHATSAPP_TEMPLATE_ACCOUNT_ALERT: termii.templates['account-alert'],
      },
    },
  });
  ({ test, setup } = market);
  [store] = market.stores;
  [ada, bola] = market.customers;
  call = caller(test);
}, 240_000);
afterAll(async () => {
  await test.close();
  await termii.close();
});

const settingsOf = async (token: string) =>
  json(await call('GET', urlOf(notificationEndpoints.settings), token)).data;

describe('the WhatsApp opt-in', () => {
  it("is each account's own: set with a valid number and consent, unseen and unchanged by any other account", async () => {
    const saved = await PUT(urlOf(notificationEndpoints.updateSettings), ada.token, {
      whatsapp: { phoneNumber: '0803 555 0101', consent: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data).toMatchObject({
      whatsapp: { phoneNumber: '+2348035550101' },
      dailyDigest: false,
      whatsappAvailable: true,
    });
    const partner = await createPartner(test);
    const admin = await createAdmin(test, 'admin');
    // Another customer, a merchant, a partner and an admin: none sees Ada's number.
    for (const token of [bola.token, store.accessToken, partner.accessToken, admin.accessToken])
      expect((await settingsOf(token)).whatsapp).toBeNull();
    // Bola opting in with another number changes only Bola's.
    expect(
      (
        await PUT(urlOf(notificationEndpoints.updateSettings), bola.token, {
          whatsapp: { phoneNumber: '08035550202', consent: true },
        })
      ).statusCode,
    ).toBe(200);
    expect((await settingsOf(ada.token)).whatsapp.phoneNumber).toBe('+2348035550101');
    expect((await settingsOf(bola.token)).whatsapp.phoneNumber).toBe('+2348035550202');
  });

  it('refuses a bad number, a missing consent, and a digest for anyone but an admin, changing nothing', async () => {
    for (const payload of [
      { whatsapp: { phoneNumber: '12345', consent: true } },
      { whatsapp: { phoneNumber: '08035550999', consent: false } },
      { whatsapp: { phoneNumber: '08035550999' } },
      { dailyDigest: true },
    ]) {
      const refused = await PUT(urlOf(notificationEndpoints.updateSettings), ada.token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(json(refused).error).toBeDefined();
    }
    expect(
      (await PUT(urlOf(notificationEndpoints.updateSettings), store.accessToken, { dailyDigest: true }))
        .statusCode,
    ).toBe(422);
    expect(
      (await PUT(urlOf(notificationEndpoints.updateSettings), undefined, { dailyDigest: true })).statusCode,
    ).toBe(401);
    expect(await settingsOf(ada.token)).toMatchObject({
      whatsapp: { phoneNumber: '+2348035550101' },
      dailyDigest: false,
    });
    expect((await settingsOf(store.accessToken)).dailyDigest).toBe(false);
  });

  it('WhatsApp is offered wherever SMS is, off until ticked, and ticked only for the account that ticks it', async () => {
    const before = json(await call('GET', urlOf(notificationEndpoints.preferences), ada.token)).data as {
      kind: string;
      whatsapp: boolean;
      offered: string[];
    }[];
    const receipt = before.find((row) => row.kind === 'order.receipt')!;
    expect(receipt).toMatchObject({ whatsapp: false, offered: ['inApp', 'sms', 'whatsapp'] });
    const ticked = await PUT(urlOf(notificationEndpoints.updatePreferences), ada.token, {
      preferences: [
        { kind: 'order.receipt', inApp: true, email: false, sms: false, whatsapp: true },
        { kind: 'order.accepted', inApp: true, email: true, sms: false, whatsapp: true },
      ],
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const bolas = json(await call('GET', urlOf(notificationEndpoints.preferences), bola.token)).data as {
      kind: string;
      whatsapp: boolean;
    }[];
    expect(bolas.every((row) => row.whatsapp === false)).toBe(true);
    // A merchant cannot tick a customer's kind (nor touch the customer's rows).
    const foreign = await PUT(urlOf(notificationEndpoints.updatePreferences), store.accessToken, {
      preferences: [{ kind: 'order.receipt', inApp: true, email: false, sms: false, whatsapp: true }],
    });
    expect(foreign.statusCode).toBe(422);
  });
});

describe('messages on WhatsApp', () => {
  it('go to the opted-in number with the order-update template and the tracking link, and to nobody else', async () => {
    const paid = await paidOrder(test, setup, store, { customer: ada });
    const other = await paidOrder(test, setup, store, { customer: bola });
    await test.jobs.fanOutNotifications();
    await test.jobs.sendSms();
    const adas = await test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, '+2348035550101'));
    const receipt = adas.find((row) => row.kind === 'order.receipt' && row.orderId === paid.orderId);
    expect(receipt).toMatchObject({ channel: 'whatsapp', templateId: termii.templates['order-update'] });
    expect(receipt!.templateData).toMatchObject({ first_name: 'Ada' });
    expect(receipt!.templateData!.track_url).toMatch(/^http:\/\/localhost:3000\/t\/[A-Za-z0-9_-]{43}$/);
    expect(receipt!.sentAt).not.toBeNull();
    const sent = termii.requests.filter((request) => request.body.phone_number === '2348035550101');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]!.path).toBe('/api/send/template');
    // Bola opted in but ticked nothing: no message to Bola's number about Bola's order.
    const bolas = await test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, '+2348035550202'));
    expect(bolas.filter((row) => row.orderId === other.orderId)).toEqual([]);
    // Ada's WhatsApp carries nothing of Bola's order.
    expect(adas.some((row) => row.orderId === other.orderId)).toBe(false);
  });

  it('stop once the account withdraws its consent, though WhatsApp stays ticked', async () => {
    expect(
      (await PUT(urlOf(notificationEndpoints.updateSettings), ada.token, { whatsapp: null })).statusCode,
    ).toBe(200);
    expect((await settingsOf(ada.token)).whatsapp).toBeNull();
    const paid = await paidOrder(test, setup, store, { customer: ada });
    await test.jobs.fanOutNotifications();
    const rows = await test.deps.db.select().from(outboxSms).where(eq(outboxSms.orderId, paid.orderId));
    expect(rows.filter((row) => row.channel === 'whatsapp')).toEqual([]);
    // The receipt is still in the app.
    const list = json(
      await call('GET', urlOf(notificationEndpoints.list, { query: { limit: 100 } }), ada.token),
    ).data.notifications as {
      kind: string;
      link: string;
    }[];
    expect(list.some((entry) => entry.kind === 'order.receipt' && entry.link.endsWith(paid.orderId))).toBe(
      true,
    );
  });

  it('every customer mail about an order carries its tracking link: the confirmation and each notice', async () => {
    const paid = await paidOrder(test, setup, store, { customer: bola });
    expect((await moveOrder(test, paid.orderId, store.accessToken, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    await test.jobs.fanOutNotifications();
    const mails = await test.deps.db.select().from(outboxMails).where(eq(outboxMails.to, bola.email));
    const link = /http:\/\/localhost:3000\/t\/[A-Za-z0-9_-]{43}/;
    const confirmations = mails.filter((mail) => mail.subject.includes('is confirmed'));
    expect(confirmations.length).toBeGreaterThanOrEqual(1);
    for (const mail of confirmations) expect(mail.text).toMatch(/Track it: http:\/\/localhost:3000\/t\//);
    const accepted = mails.find((mail) => mail.subject.includes('accepted'));
    expect(accepted?.text).toMatch(link);
    // The link in it opens this order, signed out.
    const token = link.exec(accepted!.text)![0].split('/t/')[1]!;
    const tracked = await test.app.inject(requestOf(trackingEndpoints.track, { params: { token } }));
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(json(tracked).data).toMatchObject({ orderStatus: { code_name: 'accepted' }, firstName: 'Ada' });
  });
});

describe('without a WhatsApp device', () => {
  it('the configuration has no WhatsApp: messages meant for it go as SMS (ADR 090)', () => {
    const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', TERMII_API_KEY: 'TLkey' };
    expect(loadConfig(base).whatsapp).toBeUndefined();
    expect(loadConfig({ ...base, TERMII_WHATSAPP_DEVICE_ID: 'device' }).whatsapp).toMatchObject({
      deviceId: 'device',
    });
    expect(
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://x', TERMII_WHATSAPP_DEVICE_ID: 'd' }).whatsapp,
    ).toBeUndefined();
  });
});
