import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
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

/** A small solid-colour PNG, made here so the journey needs no fixture files. */
async function png(red: number, green: number, blue: number): Promise<Buffer> {
  return sharp({
    create: { width: 320, height: 320, channels: 3, background: { r: red, g: green, b: blue } },
  })
    .png()
    .toBuffer();
}

describe.skipIf(!chromiumPath)(
  'catalog journey: merchant onboards and lists, admins approve, a customer buys in',
  () => {
    const journey = useJourney();

    async function phone(): Promise<Page> {
      const context = await journey.phone();
      return context.newPage();
    }

    it('runs from merchant sign-up to a customer following the store', async () => {
      const stamp = Date.now();
      const merchantEmail = `bisi.${stamp}@example.ng`;
      const merchantPassword = 'Ikeja-2025!';
      const storeName = `Bisi Gadgets ${stamp}`;
      const productName = `Tecno Spark ${stamp}`;

      // ---------- the merchant signs up and confirms the email ----------
      const merchant = await phone();
      await merchant.goto(`${journey.baseUrl}/merchant/signup`);
      await merchant.getByLabel('First name').fill('Bisi');
      await merchant.getByLabel('Last name').fill('Adeyemi');
      await merchant.getByLabel('Store name').fill(storeName);
      await merchant.getByLabel('Email').fill(merchantEmail);
      await merchant.getByLabel('Phone number').fill('08031234568');
      await merchant.getByLabel('Password', { exact: true }).fill(merchantPassword);
      await merchant.getByRole('button', { name: 'Create account' }).click();
      await merchant.getByRole('link', { name: 'Go to sign in' }).waitFor();
      const confirmation = await newestMail(journey.baseUrl, merchantEmail);
      const link = confirmation.links.find((url) => url.includes('/merchant/confirm-email/'));
      expect(link).toBeTruthy();
      await merchant.goto(link!);
      await merchant.getByText('Your email address is confirmed').waitFor();
      await signIn(merchant, journey.baseUrl, 'merchant', merchantEmail, merchantPassword);

      // ---------- onboarding wizard ----------
      await merchant.goto(`${journey.baseUrl}/merchant/onboarding`);
      const progress = merchant.getByRole('progressbar', { name: 'Onboarding progress' });
      await progress.waitFor();
      expect(await progress.getAttribute('aria-valuenow')).toBe('25');
      await merchant.getByRole('heading', { name: 'Step 1 of 4: Identity' }).waitFor();
      await merchant.getByLabel('Date of birth').fill('1990-05-01');
      await merchant.getByLabel('ID document type').selectOption('nin');
      await merchant.getByLabel('ID document number').fill('12345678901');
      await merchant
        .getByLabel('Choose a PDF, JPEG, PNG or WebP file (5 MB at most)')
        .setInputFiles({ name: 'nin-slip.png', mimeType: 'image/png', buffer: await png(30, 120, 200) });
      await merchant.getByText('Uploaded nin-slip.png').waitFor();
      await merchant.getByRole('img', { name: 'Preview of nin-slip.png' }).waitFor();
      await merchant.screenshot({
        path: path.join(screenshotsDir, 'merchant-onboarding-360.png'),
        fullPage: true,
      });
      await expectNoSidewaysScroll(merchant);
      await merchant.getByRole('button', { name: 'Save and continue' }).click();

      await merchant.getByRole('heading', { name: 'Step 2 of 4: Address' }).waitFor();
      expect(await progress.getAttribute('aria-valuenow')).toBe('50');
      await merchant.getByLabel('Use my home address for pickups').check();
      const home = merchant.getByRole('group', { name: 'Home address' });
      await home.getByLabel('Street address').fill('12 Allen Avenue');
      await home.getByLabel('State').selectOption('Lagos');
      await home.getByLabel('LGA').selectOption('Ikeja');
      await merchant
        .getByLabel('Choose a PDF, JPEG, PNG or WebP file (5 MB at most)')
        .setInputFiles({ name: 'utility-bill.png', mimeType: 'image/png', buffer: await png(200, 160, 40) });
      await merchant.getByText('Uploaded utility-bill.png').waitFor();
      await merchant.getByRole('button', { name: 'Save and continue' }).click();

      // resuming: a reload opens the first step not done yet
      await merchant.getByRole('heading', { name: 'Step 3 of 4: Business' }).waitFor();
      await merchant.reload();
      await merchant.getByRole('heading', { name: 'Step 3 of 4: Business' }).waitFor();
      await merchant.getByLabel('Staff size').selectOption('2-5');
      await merchant.getByLabel('What do you sell?').selectOption({ label: 'Phones & Tablets' });
      await merchant.getByLabel('Where is the business?').fill('Computer Village, Ikeja');
      await merchant.getByRole('button', { name: 'Save and continue' }).click();

      await merchant.getByRole('heading', { name: 'Step 4 of 4: Pricing plan' }).waitFor();
      await merchant.getByRole('radio', { name: /Starter/ }).check();
      await merchant.getByRole('button', { name: 'Save and continue' }).click();
      await merchant.getByText('Onboarding complete').waitFor();
      expect(await progress.getAttribute('aria-valuenow')).toBe('100');

      // ---------- a product with two variants and an image ----------
      await merchant.goto(`${journey.baseUrl}/merchant/products/new`);
      await merchant.getByLabel('Product name').fill(productName);
      await merchant.getByLabel('Description paragraph 1').fill('A 6.6 inch phone with a 5000 mAh battery.');
      await merchant.getByLabel('Category', { exact: true }).selectOption({ label: 'Phones & Tablets' });
      await merchant.getByLabel('Sub-category').selectOption({ label: 'Smartphones' });
      await merchant.getByLabel('Child category').selectOption({ label: 'Android Phones' });
      await merchant.getByLabel('Cost price').fill('80000');
      await merchant.getByLabel('Selling price').fill('95000');
      await merchant.getByLabel('Regular price').fill('110000');
      await merchant.getByLabel('SKU', { exact: true }).fill(`TS-${stamp}`);
      await merchant.getByLabel('Quantity', { exact: true }).fill('20');
      await merchant.getByRole('button', { name: 'Add variant' }).click();
      await merchant.getByRole('button', { name: 'Add variant' }).click();
      const skus = merchant.getByLabel('Variant SKU');
      const colors = merchant.getByLabel('Color');
      const discounts = merchant.getByLabel('Discount (₦)');
      const quantities = merchant.getByLabel('Variant quantity');
      await skus.nth(0).fill(`TS-${stamp}-BLK`);
      await colors.nth(0).fill('Black');
      await quantities.nth(0).fill('10');
      await skus.nth(1).fill(`TS-${stamp}-BLU`);
      await colors.nth(1).fill('Blue');
      await discounts.nth(1).fill('5000');
      await quantities.nth(1).fill('10');
      await merchant.getByRole('button', { name: 'Add property' }).click();
      await merchant.getByLabel('Property 1 type').fill('Color');
      await merchant.getByLabel('Property 1 options').fill('Black, Blue');
      await merchant
        .getByLabel(/Add JPEG, PNG or WebP images/)
        .setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: await png(20, 20, 20) });
      await merchant.getByRole('img', { name: 'Product view 1' }).waitFor();
      await merchant.screenshot({
        path: path.join(screenshotsDir, 'merchant-product-form-360.png'),
        fullPage: true,
      });
      await expectNoSidewaysScroll(merchant);
      await merchant.getByRole('button', { name: 'Create product' }).click();
      await merchant.waitForURL('**/merchant/products');
      await merchant.getByText(productName, { exact: true }).waitFor();
      await merchant.getByText('Pending approval').first().waitFor();

      // ---------- the super admin names two approvers (including themself) ----------
      const superAdmin = await phone();
      await signIn(superAdmin, journey.baseUrl, 'admin', 'superadmin@demo.ng');
      await superAdmin.goto(`${journey.baseUrl}/admin/approvals/approvers`);
      const candidates = superAdmin.getByLabel('Admin', { exact: true });
      const approvers = [
        { email: 'superadmin@demo.ng', name: 'Adaeze Okafor' },
        { email: 'admin@demo.ng', name: 'Tunde Bakare' },
      ];
      for (const { email, name } of approvers) {
        // the demo data names both already: take the approver off, then name them again
        const remove = superAdmin.getByRole('button', { name: `Remove approver ${name}`, exact: true });
        const named = await remove
          .waitFor({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
        if (named) {
          await remove.click();
          await superAdmin.getByRole('alertdialog').getByRole('button', { name: 'Remove approver' }).click();
          await remove.waitFor({ state: 'detached' });
        }
        const option = superAdmin.locator('option', { hasText: `(${email})` });
        await option.waitFor({ state: 'attached' });
        await candidates.selectOption((await option.getAttribute('value'))!);
        await superAdmin.getByRole('button', { name: 'Name approver' }).click();
        await remove.waitFor();
      }

      // ---------- two approvers approve the store ----------
      const approveStore = async (page: Page) => {
        await page.goto(`${journey.baseUrl}/admin/approvals/stores`);
        await page.getByLabel('Search stores').fill(storeName);
        await page.getByRole('link', { name: storeName }).click();
        await page.getByRole('button', { name: 'Approve store' }).click();
        await page
          .getByRole('alertdialog', { name: 'Approve this store?' })
          .getByRole('button', { name: 'Approve' })
          .click();
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      };
      await approveStore(superAdmin);
      await superAdmin.getByText(/First approval: Given/).waitFor();

      const admin = await phone();
      await signIn(admin, journey.baseUrl, 'admin', 'admin@demo.ng');
      await approveStore(admin);
      await admin.getByText(/Second approval: Given/).waitFor();
      await admin.getByText('Approved', { exact: true }).first().waitFor();
      const approvedMail = await newestMail(journey.baseUrl, merchantEmail);
      expect(approvedMail.subject.toLowerCase()).toContain('approved');

      // ---------- an admin approves the product ----------
      await admin.goto(`${journey.baseUrl}/admin/approvals`);
      await admin.getByLabel('Search products').fill(productName);
      await admin.getByRole('button', { name: `Approve ${productName}` }).waitFor();
      await admin.getByText('Page 1 of 1 · 1 product').waitFor();
      await admin.getByRole('option', { name: storeName }).waitFor({ state: 'attached' });
      await admin.screenshot({
        path: path.join(screenshotsDir, 'admin-product-queue-360.png'),
        fullPage: true,
      });
      await expectNoSidewaysScroll(admin);
      await admin.getByRole('button', { name: `Approve ${productName}` }).click();
      await admin
        .getByText('Nothing waiting for approval')
        .or(admin.getByText('No products match'))
        .waitFor();

      // ---------- a customer finds it by search and by category, picks a variant, follows the store ----------
      const customer = await phone();
      await signIn(customer, journey.baseUrl, 'customer', 'customer@demo.ng');
      const searchBox = customer.getByLabel('Search products').first();
      await searchBox.fill(productName);
      await searchBox.press('Enter');
      // This wait failed once in a few loaded CI runs and never alone: say where the page was and what the box held.
      await customer.waitForURL('**/search?q=*').catch(async (error: Error) => {
        const held = await searchBox.inputValue({ timeout: 1_000 }).catch(() => '(no search box)');
        throw new Error(`${error.message}\nthe page is at ${customer.url()}; the search box holds "${held}"`);
      });
      await customer
        .getByRole('link', { name: new RegExp(productName) })
        .first()
        .waitFor();

      const categories = (await (
        await apiFetch(`${journey.baseUrl}/api/categories/getallcategories`)
      ).json()) as {
        data: { id: string; name: string }[];
      };
      const phones = categories.data.find((category) => category.name === 'Phones & Tablets');
      await customer.goto(`${journey.baseUrl}/categories/${phones!.id}`);
      await customer
        .getByRole('link', { name: new RegExp(productName) })
        .first()
        .click();
      await customer.waitForURL('**/products/*');
      await customer
        .getByText(`SKU: TS-${stamp}-BLK`)
        .or(customer.getByText(`SKU: TS-${stamp}`, { exact: true }))
        .first()
        .waitFor();
      await customer.getByRole('radio', { name: /Blue/ }).check({ force: true });
      await customer.getByText(`SKU: TS-${stamp}-BLU`).waitFor();
      await customer.getByText('₦90,000.00').first().waitFor();
      await customer.getByRole('button', { name: 'Follow store' }).first().click();
      await customer.getByRole('button', { name: 'Following' }).first().waitFor();
      await customer.screenshot({
        path: path.join(screenshotsDir, 'customer-product-followed-360.png'),
        fullPage: true,
      });
    });
  },
);
