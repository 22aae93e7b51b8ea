import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsService } from '../../src/modules/payments/payments.service.js';
import { createUnavailableProvider } from '../../src/platform/payments/sandbox.js';
import { paystackFixture } from '../support/payments.fake-paystack.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 30: the payments module holds no optional listener that makes it skip money silently. A refund or a transfer
// the provider reports with no flow listening answered 'ignored' before, and was never booked.

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(() => test.close());

/** The payments module alone, as built before `composition/flows.ts` joins its flows; every signature passes. */
function paymentsWithoutFlows() {
  return createPaymentsService({
    db: test.deps.db,
    provider: { ...createUnavailableProvider(), verifySignature: () => true },
    publicUrl: test.deps.config.publicUrl,
    logger: test.deps.logger,
  });
}

const delivery = (name: string) => Buffer.from(JSON.stringify(paystackFixture(`webhooks/${name}`)));

describe('a provider event no flow listens for', () => {
  it('a transfer fails and its delivery is forgotten: the retry is heard once a flow listens', async () => {
    const payments = paymentsWithoutFlows();
    const body = delivery('transfer.success');
    await expect(payments.handleWebhook(body, 'signed')).rejects.toThrow(
      "No flow listens for the payment provider's transfer events",
    );
    const heard: unknown[] = [];
    payments.onTransferEvent(async (event) => {
      heard.push(event);
      return 'transfer:heard';
    });
    expect(await payments.handleWebhook(body, 'signed')).toEqual({ outcome: 'transfer:heard' });
    expect(heard).toHaveLength(1);
  });

  it('a refund fails the same way, and is heard once a flow listens', async () => {
    const payments = paymentsWithoutFlows();
    const body = delivery('refund.processed');
    await expect(payments.handleWebhook(body, 'signed')).rejects.toThrow(
      "No flow listens for the payment provider's refund events",
    );
    payments.onRefundEvent(async () => 'refund:heard');
    expect(await payments.handleWebhook(body, 'signed')).toEqual({ outcome: 'refund:heard' });
  });
});
