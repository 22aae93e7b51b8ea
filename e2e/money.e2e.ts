import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  chromiumPath,
  closeContexts,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  phoneContext,
  type RunningApp,
  screenshotsDir,
  sharedBrowser,
  signIn,
  startApp,
} from './harness';
import { fetchWhenNotBusy, figures, json, kobo, naira, pick } from './money-reads';

// Issue 22's proof in a browser: a customer pays two stores in one payment; one store cancels its order (refunded
// in full); the other's order is delivered, returned in part and refunded; its return window closes and the admin
// pays the store out, entering the transfer's OTP. After each step the customer's order page, the merchant's order
// page, payment report and payouts page, and the admin's order page, finance report and payouts page must show
// the same figures: the ledger's.

// Sandbox transfers wait for the OTP 123456, as Paystack's do when the business has OTPs on (this file's server
// only: journey files share their worker).
const otpServer = { SANDBOX_TRANSFER_OTP: 'true' };

/** A small real PNG: the photo the partner takes of the parcel at pickup. */
const parcelPhoto = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'parcel.png');

const DELIVERED_STORE = { name: 'Chinedu Gadgets', email: 'merchant@demo.ng' };
const CANCELLING_STORE = { name: 'Mama Titi Kitchen', email: 'kitchen@demo.ng' };

interface OrderMoney {
  paid: number;
  refunded: number;
  commission: number;
  due: number;
}

describe.skipIf(!chromiumPath)(
  'money journey: two stores, a cancel, a partial return, a payout with OTP',
  () => {
    let app: RunningApp | undefined;
    let browser: Browser | undefined;

    beforeAll(async () => {
      app = await startApp({ seededFrom: inject('seededDataDir'), env: otpServer });
      browser = await sharedBrowser();
    });
    afterAll(async () => {
      await closeContexts(browser);
      await app?.stop();
    });

    it('shows the same figures to the customer, the stores and the admin at every step', async () => {
      let baseUrl = app!.baseUrl;
      const api = (url: string, token: string, init: { method?: string; body?: unknown } = {}) =>
        fetchWhenNotBusy(`${baseUrl}/api${url}`, {
          method: init.method ?? 'GET',
          headers: {
            authorization: `Bearer ${token}`,
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        });
      const login = async (kind: string, email: string) =>
        (
          await json<{ data: { accessToken: string } }>(
            await fetchWhenNotBusy(`${baseUrl}/api/auth/${kind}/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email, password: DEMO_PASSWORD }),
            }),
          )
        ).data.accessToken;
      const desktop = () => browser!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-NG' });
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: path.join(screenshotsDir, `money-${name}.png`), fullPage: true });

      // 1. The customer's cart holds two units of a Chinedu Gadgets product and one of a Mama Titi Kitchen product
      // (through the API: the cart's screens have their own journey); one checkout, paid on the sandbox page.
      const customerToken = await login('customer', 'customer@demo.ng');
      const listing = await json<{
        data: { data: { id: string; storeName: string; variant: unknown[]; quantity: number }[] };
      }>(await fetchWhenNotBusy(`${baseUrl}/api/products/customer/getallproducts?limit=100&inStock=true`));
      const simple = (store: string) =>
        listing.data.data.find((p) => p.storeName === store && p.variant.length === 0 && p.quantity >= 3);
      const gadget = simple(DELIVERED_STORE.name);
      const food = simple(CANCELLING_STORE.name);
      expect(gadget, `a simple product of ${DELIVERED_STORE.name}`).toBeTruthy();
      expect(food, `a simple product of ${CANCELLING_STORE.name}`).toBeTruthy();
      await api('/cart/remove-cart', customerToken, { method: 'DELETE', body: { all: true } });
      await json(
        await api('/cart/add-cart', customerToken, {
          method: 'POST',
          body: { productId: gadget!.id, quantity: 2 },
        }),
      );
      await json(
        await api('/cart/add-cart', customerToken, { method: 'POST', body: { productId: food!.id } }),
      );
      const address = await json<{ data: { id: string } }>(
        await api('/customershippingaddress/add', customerToken, {
          method: 'POST',
          body: {
            fullName: 'Funmi Adeyemi',
            phoneNumber: '08031234567',
            emailAddress: 'customer@demo.ng',
            stateOrRegion: 'Lagos',
            lga: 'Ikeja',
            address: '14 Allen Avenue',
          },
        }),
      );
      const created = await json<{
        data: {
          tracker: { orders: { id: string; orderName: string; storeName?: string }[] };
          payment: { authorizationUrl: string };
        };
      }>(
        await api('/ordertracking/create-order', customerToken, {
          method: 'POST',
          body: { addressId: address.data.id },
        }),
      );
      expect(created.data.tracker.orders).toHaveLength(2);

      const customerContext = await phoneContext(browser!);
      let customer = await customerContext.newPage();
      await signIn(customer, baseUrl, 'customer', 'customer@demo.ng');
      await customer.goto(created.data.payment.authorizationUrl);
      await customer.getByLabel('Card number').fill('4084 0840 8408 4081');
      await customer.getByLabel('Expiry (MM/YY)').fill('12/30');
      await customer.getByLabel('CVV').fill('123');
      await customer.getByRole('button', { name: /^Pay / }).click();
      await customer.waitForURL('**/checkout/complete?**');
      await customer.getByRole('heading', { name: 'Thank you! Your order is placed' }).waitFor();

      // Which order is whose: the merchant's order list names it.
      const orderOf = async (token: string) => {
        for (const order of created.data.tracker.orders) {
          const response = await api(`/orders/merchant/${order.id}`, token);
          if (response.ok) return order;
        }
        throw new Error('no order of this store');
      };
      const delivered = await orderOf(await login('merchant', DELIVERED_STORE.email));
      const cancelled = await orderOf(await login('merchant', CANCELLING_STORE.email));

      const merchantContext = await desktop();
      let merchant = await merchantContext.newPage();
      await signIn(merchant, baseUrl, 'merchant', DELIVERED_STORE.email);
      const kitchenContext = await desktop();
      const kitchen = await kitchenContext.newPage();
      await signIn(kitchen, baseUrl, 'merchant', CANCELLING_STORE.email);
      const adminContext = await desktop();
      let admin = await adminContext.newPage();
      await signIn(admin, baseUrl, 'admin', 'admin@demo.ng');

      /** The order's money on the customer's page (its total and the refunds listed), the store's and the admin's. */
      const journal: string[] = [];
      const orderMoney = async (
        order: { id: string; orderName: string },
        store: Page,
        expectRefunded: boolean,
      ): Promise<OrderMoney> => {
        await customer.goto(`${baseUrl}/account/orders/${order.id}`);
        await customer.getByRole('heading', { name: `Order ${order.orderName}` }).waitFor();
        const customerTotal = kobo(
          (await customer
            .locator('dt', { hasText: /^Total$/ })
            .locator('xpath=following-sibling::dd')
            .innerText()) ?? '',
        );
        let customerRefunded = 0;
        if (expectRefunded) {
          const refunds = customer.getByRole('list', { name: 'Refunds of this order' });
          await refunds.getByText('₦').first().waitFor();
          const texts = await refunds.getByRole('listitem').allInnerTexts();
          customerRefunded = texts
            .map((text) => text.match(/[−-]?₦[\d,]+(\.\d\d)?/)?.[0])
            .reduce((sum, amount) => sum + (amount ? Math.abs(kobo(amount)) : 0), 0);
        }

        const read = async (page: Page, url: string) => {
          await page.goto(url);
          await page.getByRole('heading', { name: `Order ${order.orderName}` }).waitFor();
          const money = await figures(
            page.locator('section', { has: page.getByRole('heading', { name: 'Money' }) }),
          );
          // The Money section writes its lines as a sum ("− ₦680.00" for the commission taken off, ADR 083): the
          // sign is the line's operation, the figure its amount.
          return {
            paid: Math.abs(pick(money, 'Paid by the customer')),
            refunded: Math.abs(pick(money, 'Refunded')),
            commission: Math.abs(pick(money, 'Commission')),
            due: Math.abs(pick(money, 'Due to the store')),
          };
        };
        const storeSays = await read(store, `${baseUrl}/merchant/orders/${order.id}`);
        const adminSays = await read(admin, `${baseUrl}/admin/orders/${order.id}`);
        expect(adminSays, `${order.orderName}: the admin's order page against the store's`).toEqual(
          storeSays,
        );
        expect(customerTotal, `${order.orderName}: the customer's total against "Paid by the customer"`).toBe(
          storeSays.paid,
        );
        if (expectRefunded)
          expect(customerRefunded, `${order.orderName}: the customer's refunds against "Refunded"`).toBe(
            storeSays.refunded,
          );
        await expectNoSidewaysScroll(customer);
        const money = (says: OrderMoney) =>
          `paid ${naira(says.paid)}, refunded ${naira(says.refunded)}, commission ${naira(says.commission)}, due to the store ${naira(says.due)}`;
        journal.push(
          `${order.orderName} · customer's order page: total ${naira(customerTotal)}, refunds ${naira(customerRefunded)}`,
          `${order.orderName} · store's order page: ${money(storeSays)}`,
          `${order.orderName} · admin's order page: ${money(adminSays)}`,
        );
        return storeSays;
      };

      /** A store's payment report (the figures its finance line on the admin's report is made of). */
      const paymentReport = async (page: Page) => {
        await page.goto(`${baseUrl}/merchant/payment-report`);
        const report = await figures(page.getByLabel('Your store'));
        return {
          refunded: pick(report, 'Refunded'),
          due: pick(report, 'Due to merchant'),
          commission: pick(report, 'Commission'),
          paidOut: pick(report, 'Paid out'),
          payable: pick(report, 'Payable, not paid yet'),
        };
      };

      /** The store's payment report, its payouts page and its line on the admin's payouts page. */
      const storeBooks = async () => {
        const books = await paymentReport(merchant);
        await merchant.goto(`${baseUrl}/merchant/payouts`);
        const balances = await figures(merchant.getByRole('region', { name: 'Balances (all time)' }));
        await admin.goto(`${baseUrl}/admin/payouts`);
        const row = admin.getByTestId('payable-merchant').filter({ hasText: DELIVERED_STORE.name });
        const line = await row.innerText();
        const adminPayable = kobo(line.match(/Payable\s+([−-]?₦[\d,.]+)/)?.[1] ?? '');
        journal.push(
          `${DELIVERED_STORE.name} · payment report: refunded ${naira(books.refunded)}, due ${naira(books.due)}, paid out ${naira(books.paidOut)}, payable ${naira(books.payable)}; payouts page: payable ${naira(pick(balances, 'Payable'))}, paid out ${naira(pick(balances, 'Paid out'))}; admin's payouts line: payable ${naira(adminPayable)}`,
        );
        expect(pick(balances, 'Payable'), 'payouts page "Payable" against the payment report').toBe(
          books.payable,
        );
        expect(pick(balances, 'Paid out'), 'payouts page "Paid out" against the payment report').toBe(
          books.paidOut,
        );
        expect(adminPayable, "the admin's payable line against the store's payment report").toBe(
          books.payable,
        );
        return books;
      };

      /** The admin's finance report for all merchants. */
      const finance = async () => {
        await admin.goto(`${baseUrl}/admin/finance`);
        const all = await figures(admin.getByLabel('All merchants'));
        return {
          refunded: pick(all, 'Refunded'),
          due: pick(all, 'Due to merchant'),
          commission: pick(all, 'Commission'),
          paidOut: pick(all, 'Paid out'),
          payable: pick(all, 'Payable, not paid yet'),
        };
      };

      const note = (step: string) => journal.push(`— ${step}`);

      // After the payment: both orders paid, nothing refunded; the books before anything moves.
      note('1. one payment for two stores');
      const paidA = await orderMoney(delivered, merchant, false);
      const paidB = await orderMoney(cancelled, kitchen, false);
      expect(paidA.refunded).toBe(0);
      expect(paidB.refunded).toBe(0);
      const books0 = await storeBooks();
      const kitchen0 = await paymentReport(kitchen);
      const finance0 = await finance();

      // 2. Mama Titi Kitchen cancels its order: the customer is refunded all of it.
      await kitchen.goto(`${baseUrl}/merchant/orders/${cancelled.id}`);
      await kitchen.getByRole('heading', { name: `Order ${cancelled.orderName}` }).waitFor();
      await kitchen.getByRole('button', { name: 'Cancel order' }).click();
      await kitchen
        .getByRole('dialog', { name: 'Cancel this order?' })
        .getByRole('button', { name: 'Cancel order' })
        .click();
      await kitchen.getByText('Cancelled', { exact: true }).first().waitFor();
      note(`2. ${CANCELLING_STORE.name} cancelled its order`);
      const cancelledMoney = await orderMoney(cancelled, kitchen, true);
      expect(cancelledMoney.refunded).toBe(cancelledMoney.paid);
      expect(cancelledMoney.due).toBe(0);
      const finance1 = await finance();
      expect(finance1.refunded - finance0.refunded, 'finance "Refunded" grows by the cancelled order').toBe(
        cancelledMoney.refunded,
      );
      await shot(customer, 'customer-cancelled-360');

      // 3. Chinedu Gadgets accepts and readies its order; the admin gives it to the demo partner, who delivers it
      // with the customer's token (through the partner's API: its screens have their own journey).
      await merchant.goto(`${baseUrl}/merchant/orders/${delivered.id}`);
      await merchant.getByRole('heading', { name: `Order ${delivered.orderName}` }).waitFor();
      await merchant.getByRole('button', { name: 'Accept order' }).click();
      await merchant.getByRole('button', { name: 'Mark ready for pickup' }).click();
      await merchant.getByText('The order is packed and ready for pickup.').waitFor();
      await admin.goto(`${baseUrl}/admin/orders`);
      const row = admin.getByRole('listitem').filter({ hasText: delivered.orderName });
      await row.getByLabel('Assign to').selectOption({ label: 'Swift Logistics Ltd (shipping partner)' });
      await row.getByRole('button', { name: 'Assign' }).click();
      await admin.getByText('Order assigned').first().waitFor();

      const partnerToken = await login('partner', 'partner@demo.ng');
      const move = async (status: string, extra: Record<string, unknown> = {}) =>
        json(
          await api(`/ordertracking/update-order/${delivered.id}`, partnerToken, {
            method: 'PATCH',
            body: { status, ...extra },
          }),
        );
      await json(await api(`/partner/orders/${delivered.id}/accept`, partnerToken, { method: 'POST' }));
      const photo = new FormData();
      photo.append('status', 'picked_up');
      photo.append('evidence', new Blob([fs.readFileSync(parcelPhoto)], { type: 'image/png' }), 'parcel.png');
      await json(
        await fetchWhenNotBusy(`${baseUrl}/api/ordertracking/update-order/${delivered.id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${partnerToken}` },
          body: photo,
        }),
      );
      await json(
        await api(`/partner/orders/${delivered.id}/dispatcher`, partnerToken, {
          method: 'PATCH',
          body: { dispatcherName: 'Sani Abubakar', dispatchPhoneNumber: '08091234567' },
        }),
      );
      await move('in_transit');
      await move('out_for_delivery');
      await customer.goto(`${baseUrl}/account/orders/${delivered.id}`);
      const deliveryToken = (await customer.getByTestId('delivery-token').textContent())?.trim() ?? '';
      expect(deliveryToken).toMatch(/^\d{6}$/);
      await move('delivered', { deliveryToken });

      // The customer returns one of the two units; the store approves, receives and refunds it.
      await customer.goto(`${baseUrl}/account/orders/${delivered.id}`);
      await customer.getByRole('link', { name: 'Return or replace items' }).click();
      await customer.getByLabel('Return the items for a refund').check();
      await customer.locator('select').first().selectOption('1');
      await customer.getByLabel('What is wrong?').fill('One of the two stopped charging on the second day.');
      await customer.getByRole('button', { name: 'Ask for a return' }).click();
      await customer.getByText('Order return was successful').first().waitFor();

      await merchant.goto(`${baseUrl}/merchant/returns`);
      await merchant.getByRole('link', { name: new RegExp(delivered.orderName) }).click();
      await merchant.getByRole('heading', { name: `Return for ${delivered.orderName}` }).waitFor();
      await merchant.getByRole('button', { name: 'Approve' }).click();
      await merchant.getByText('Return is now Approved').first().waitFor();
      await merchant.getByRole('button', { name: 'Mark items received' }).click();
      await merchant.getByText('Return is now Item received').first().waitFor();
      await merchant.getByRole('button', { name: /^Refund ₦/ }).click();
      const confirm = merchant.getByRole('dialog', { name: 'Refund these items?' });
      const asked = kobo(await confirm.getByTestId('money-dialog-amount').innerText());
      await confirm.getByRole('button', { name: /^Refund ₦/ }).click();
      await merchant.getByText('Return is now Refunded').first().waitFor();

      note(`3. ${DELIVERED_STORE.name}'s order delivered, one of its two units returned and refunded`);
      const returnedMoney = await orderMoney(delivered, merchant, true);
      expect(returnedMoney.refunded, 'the refund is what the dialog asked').toBe(asked);
      expect(returnedMoney.refunded).toBeGreaterThan(0);
      expect(returnedMoney.refunded).toBeLessThan(returnedMoney.paid);
      expect(returnedMoney.due).toBeLessThan(paidA.due);
      await shot(customer, 'customer-returned-360');
      const books1 = await storeBooks();
      const kitchen1 = await paymentReport(kitchen);
      const finance2 = await finance();
      // The finance report for all merchants moved by what the two stores' payment reports moved, to the kobo.
      for (const figure of ['refunded', 'due', 'commission'] as const)
        expect(
          finance2[figure] - finance0[figure],
          `finance "${figure}" moved by the two stores' payment reports`,
        ).toBe(books1[figure] - books0[figure] + (kitchen1[figure] - kitchen0[figure]));
      expect(books1.refunded - books0.refunded, 'the payment report\'s "Refunded" grows by the return').toBe(
        returnedMoney.refunded,
      );
      expect(finance2.refunded - finance1.refunded, 'finance "Refunded" grows by the return').toBe(
        returnedMoney.refunded,
      );
      // Still in its return window: nothing more payable.
      expect(books1.payable).toBe(books0.payable);

      // 4. The return window closes: the server is stopped, the order's delivery moved eight days back, and the
      // server started again on the same data (it completes the orders whose window closed while it was down).
      await customerContext.close();
      await merchantContext.close();
      await kitchenContext.close();
      await adminContext.close();
      await app!.stop({ keepData: true });
      const stoppedDir = app!.dataDir;
      const database = new PGlite({ dataDir: path.join(stoppedDir, 'db') });
      await database.query(
        "update orders set delivered_at = delivered_at - interval '8 days' where id = $1",
        [delivered.id],
      );
      await database.close();
      app = await startApp({ seededFrom: stoppedDir, env: otpServer });
      fs.rmSync(stoppedDir, { recursive: true, force: true });
      baseUrl = app.baseUrl;

      const customerAgain = await phoneContext(browser!);
      customer = await customerAgain.newPage();
      await signIn(customer, baseUrl, 'customer', 'customer@demo.ng');
      const merchantAgain = await desktop();
      merchant = await merchantAgain.newPage();
      await signIn(merchant, baseUrl, 'merchant', DELIVERED_STORE.email);
      const adminAgain = await phoneContext(browser!);
      admin = await adminAgain.newPage();
      await signIn(admin, baseUrl, 'admin', 'admin@demo.ng');

      note('4. the return window closed; the admin pays the store out, with the OTP');
      const completedMoney = await orderMoney(delivered, merchant, true);
      expect(completedMoney).toEqual(returnedMoney);
      const books2 = await storeBooks();
      expect(books2.payable - books1.payable, "the order's due is payable once its window closed").toBe(
        completedMoney.due,
      );

      // The admin approves the payout and enters the transfer's OTP on the payouts screen.
      await admin.goto(`${baseUrl}/admin/payouts`);
      const payable = admin.getByTestId('payable-merchant').filter({ hasText: DELIVERED_STORE.name });
      await payable.getByRole('button', { name: 'Approve payout' }).click();
      await admin
        .getByRole('alertdialog', { name: 'Approve this payout?' })
        .getByRole('button', { name: 'Approve and pay' })
        .click();
      const otp = admin.getByTestId('payout-otp').first();
      await otp.getByLabel('OTP').fill('123456');
      await otp.getByRole('button', { name: 'Enter OTP' }).click();
      const payouts = admin.getByRole('region', { name: 'Payouts', exact: true });
      await payouts
        .getByTestId('payout')
        .filter({ hasText: DELIVERED_STORE.name })
        .first()
        .getByText('Paid', { exact: true })
        .waitFor();
      await shot(admin, 'admin-payout-paid-360');

      const books3 = await storeBooks();
      expect(books3.payable).toBe(0);
      expect(books3.paidOut - books2.paidOut, 'paid out is what was payable').toBe(books2.payable);
      const finance3 = await finance();
      expect(finance3.paidOut - finance2.paidOut, 'finance "Paid out" grows by the payout').toBe(
        books2.payable,
      );
      expect(finance3.payable - finance2.payable, 'finance "Payable" moved as the store\'s').toBe(
        books3.payable - books1.payable,
      );
      await shot(merchant, 'merchant-payouts-paid');
      journal.push(
        `admin's finance report (all merchants): refunded ${naira(finance3.refunded)}, due ${naira(finance3.due)}, paid out ${naira(finance3.paidOut)}, payable ${naira(finance3.payable)}`,
      );
      console.info(`\nmoney journey figures:\n${journal.join('\n')}\n`);
    }, 300_000);
  },
);
