import { describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import {
  chromiumPath,
  DEMO_PASSWORD,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  useJourney,
} from './harness';

// Issue 36 item 4's proof: the signed link of a customer's message opens the order's status and timeline signed out
// on a 360 px phone, names the customer by first name and LGA only, and a tampered or expired link is refused.
// The journey's server runs on the development secret (loopback only), so the test signs links as the server does.

const DEVELOPMENT_SECRET = 'dev-only-secret-change-me-please-32chars!!';
/** The server's own signer, loaded at run time (the journeys' project compiles none of the server's files). */
const signerModule = new URL('../apps/server/src/platform/security/tracking-links.ts', import.meta.url).href;
type Signer = (secret: string) => { sign(orderId: string, expiresAt: Date): string };

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

interface CustomerOrder {
  id: string;
  orderName: string;
  orderStatus: { code_name: string };
  deliveryAddress: { fullName: string; phoneNumber: string; address: string; state: string; lga: string };
}

describe.skipIf(!chromiumPath)('the tracking link of a message, signed out at 360 px', () => {
  const journey = useJourney();

  it('shows status and timeline with the first name and LGA only; refuses a tampered or expired link', async () => {
    const base = journey.baseUrl;
    const session = await json<{ data: { accessToken: string } }>(
      await apiFetch(`${base}/api/auth/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@demo.ng', password: DEMO_PASSWORD }),
      }),
    );
    const listed = await json<{ data: { orders: CustomerOrder[] } }>(
      await apiFetch(`${base}/api/orders/customer?limit=50`, {
        headers: { authorization: `Bearer ${session.data.accessToken}` },
      }),
    );
    // An order still on its way or just placed: its link has not passed the return window.
    const order = listed.data.orders.find(
      (row) => !['completed', 'returned', 'cancelled', 'delivered'].includes(row.orderStatus.code_name),
    );
    expect(order, 'a demo order of customer@demo.ng not yet delivered').toBeTruthy();
    const { createTrackingLinks } = (await import(/* @vite-ignore */ signerModule)) as {
      createTrackingLinks: Signer;
    };
    const links = createTrackingLinks(DEVELOPMENT_SECRET);
    const token = links.sign(order!.id, new Date(Date.now() + 30 * 86_400_000));

    const context = await journey.phone();
    const page = await context.newPage();
    await page.goto(`${base}/t/${token}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Order ${order!.orderName}`);
    await page.getByRole('heading', { name: 'What happened' }).waitFor();
    expect(await page.locator('ol li').count()).toBeGreaterThan(0);
    const shown = (await page.locator('main').textContent()) ?? '';
    const { fullName, phoneNumber, address, lga } = order!.deliveryAddress;
    expect(shown).toContain(`in ${lga}`);
    expect(shown).toContain(fullName.split(' ')[0]);
    for (const secret of [address, phoneNumber, fullName.split(' ').slice(1).join(' ')].filter(Boolean))
      expect(shown).not.toContain(secret);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, 'tracking page');

    // One character changed: refused, with a way to sign in.
    const tampered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    await page.goto(`${base}/t/${tampered}`);
    await page.getByText('This tracking link is not valid').waitFor();
    await page.getByRole('link', { name: 'Sign in to see your orders' }).waitFor();
    await expectNoSidewaysScroll(page);

    const expired = links.sign(order!.id, new Date(Date.now() - 60_000));
    await page.goto(`${base}/t/${expired}`);
    await page.getByText('This tracking link has expired. Sign in to see your order.').waitFor();
  });
});
