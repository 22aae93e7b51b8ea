import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import {
  chromiumPath,
  expectNoSidewaysScroll,
  newestMail,
  screenshotsDir,
  signIn,
  useJourney,
} from './harness';

// Issue 9: an owner invites a staff member with the inventory role; the staff member sets a password from the
// mail, signs in, edits stock, and can neither see nor open what the role lacks (staff, the store's figures).

describe.skipIf(!chromiumPath)('store owner invites an inventory staff member', () => {
  const journey = useJourney();

  it('invites, the staff member signs in, edits stock, and cannot open staff or figures', async () => {
    const staffEmail = `halima.${Date.now()}@demo.ng`;

    // the owner, on a phone
    const ownerContext = await journey.phone();
    const owner = await ownerContext.newPage();
    await signIn(owner, journey.baseUrl, 'merchant', 'merchant@demo.ng');
    await owner.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();

    await owner.getByRole('button', { name: 'Menu' }).click();
    await owner
      .getByRole('navigation', { name: 'Merchant dashboard (menu)' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await owner.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    // the demo store's staff member and custom role are there
    await owner.getByText('stock@demo.ng').waitFor();
    await owner.getByRole('list', { name: 'Custom roles' }).getByText('Marketing').waitFor();

    await owner.getByRole('button', { name: 'Invite staff' }).click();
    await owner.getByLabel('First name').fill('Halima');
    await owner.getByLabel('Last name').fill('Sani');
    await owner.getByLabel('Email').fill(staffEmail);
    await owner.getByLabel('Phone number').fill('08035550199');
    await owner.getByLabel('Role', { exact: true }).selectOption('inventory');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    // A page's first toast is said by the page's live region too (lib/notify.ts): its words are on the page twice,
    // once the toaster has loaded.
    await owner.getByText('Store staff successfully created').first().waitFor();
    await owner.getByText(staffEmail).waitFor();
    await owner.screenshot({ path: path.join(screenshotsDir, 'merchant-staff-360.png'), fullPage: true });
    await expectNoSidewaysScroll(owner);
    await ownerContext.close();

    // the staff member, on their own phone
    const mail = await newestMail(journey.baseUrl, staffEmail);
    const link = mail.links.find((url) => url.includes('/merchant/reset-password/'));
    expect(link).toBeTruthy();
    const staffContext = await journey.phone();
    const staff = await staffContext.newPage();
    await staff.goto(link!);
    await staff.getByLabel('New password', { exact: true }).fill('Stock-2025!');
    await staff.getByLabel('Confirm new password', { exact: true }).fill('Stock-2025!');
    await staff.getByRole('button', { name: 'Save password' }).click();
    await staff.getByText('Your password has been set').waitFor();
    await staff.getByRole('link', { name: 'Go to sign in' }).click();
    await staff.getByLabel('Email').fill(staffEmail);
    await staff.getByLabel('Password', { exact: true }).fill('Stock-2025!');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
    await staff.getByText("does not include the store's figures").waitFor();

    // the navigation shows products, hides staff, payouts and the rest
    await staff.getByRole('button', { name: 'Menu' }).click();
    const menu = staff.getByRole('navigation', { name: 'Merchant dashboard (menu)' });
    await menu.getByRole('link', { name: 'Products' }).waitFor();
    for (const hidden of ['Staff', 'Payouts', 'Orders', 'Coupons', 'Store profile', 'Onboarding']) {
      expect(await menu.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    await menu.getByRole('link', { name: 'Products' }).click();

    // edits stock of the first product
    const quantity = staff.getByLabel(/^Quantity of /).first();
    await quantity.waitFor();
    await quantity.fill('42');
    await staff.getByRole('button', { name: 'Save' }).first().click();
    await staff.getByText('Product updated successfully').first().waitFor();
    await staff.screenshot({ path: path.join(screenshotsDir, 'staff-products-360.png'), fullPage: true });

    // opening the staff screen by its address shows why not, and the server refuses the call too
    await staff.goto(`${journey.baseUrl}/merchant/staff`);
    await staff.getByText('Your role cannot open Staff').waitFor();
    const token = await staff.evaluate<string | null>("localStorage.getItem('merchant.token')");
    expect(token).toBeTruthy();
    const refused = await apiFetch(`${journey.baseUrl}/api/merchant/staff`, {
      headers: { authorization: `Bearer ${token!.replaceAll('"', '')}` },
    });
    expect(refused.status).toBe(403);
    await staffContext.close();
  });
});
