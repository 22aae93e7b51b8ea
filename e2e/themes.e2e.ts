import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import { chromiumPath, screenshotsDir, signIn, useJourney } from './harness';

/** A wide solid-colour banner, made here so the journey needs no fixture files. */
async function banner(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 124, g: 45, b: 18 } } })
    .png()
    .toBuffer();
}

const TITLE = 'Harmattan sale on Tecno phones';
const QUOTE = 'Delivered to Enugu in two days, sealed and genuine.';
const BUTTON = '#7C2D12';

describe.skipIf(!chromiumPath)(
  'themes journey: a merchant dresses the storefront, publishes and rolls back',
  () => {
    const journey = useJourney();

    async function phone(): Promise<Page> {
      const context = await journey.phone();
      return context.newPage();
    }

    /** At 360 px the 4-second toasts (top right) cover the top of the page: wait them out before clicking there. */
    async function untilToastsGone(page: Page) {
      // A toast keeps itself open while the pointer rests on it, and it appears where the last click was: move the
      // pointer away first, as a person's thumb leaves the screen.
      await page.mouse.move(1, 1);
      const deadline = Date.now() + 15_000;
      while ((await page.locator('[data-sonner-toast]').count()) > 0 && Date.now() < deadline)
        await page.waitForTimeout(250);
    }

    /** What a signed-out visitor's phone shows of the storefront. */
    async function visit(visitor: Page, url: string) {
      await visitor.goto(url);
      const shell = visitor.locator('.storefront');
      await shell.waitFor();
      return {
        layout: await shell.getAttribute('data-layout'),
        button: await visitor.evaluate<string>(
          "document.querySelector('.storefront').style.getPropertyValue('--sf-primary-button')",
        ),
        hasTitle: (await visitor.getByRole('heading', { name: TITLE }).count()) > 0,
        hasQuote: (await visitor.getByText(QUOTE, { exact: false }).count()) > 0,
      };
    }

    it('buys and activates a second theme, edits its draft, previews, publishes, and rolls back', async () => {
      // ---------- the demo merchant signs in and opens the theme catalogue ----------
      const merchant = await phone();
      await signIn(merchant, journey.baseUrl, 'merchant', 'merchant@demo.ng');
      const storeUrl = await merchant.evaluate<string>(
        "JSON.parse(localStorage.getItem('merchant.user') ?? '{}').storeUrl",
      );
      expect(storeUrl).toBeTruthy();
      const storefront = `${journey.baseUrl}/storefront/${storeUrl}`;

      const visitor = await phone();
      const before = await visit(visitor, storefront);
      expect(before.hasTitle).toBe(false);

      await merchant.goto(`${journey.baseUrl}/merchant/themes`);
      const catalogue = merchant.getByRole('list', { name: 'Theme catalogue' });
      await catalogue.waitFor();
      const unowned = catalogue
        .getByRole('listitem')
        .filter({ has: merchant.getByRole('button', { name: /^Get free/ }) });
      const card = unowned.first();
      const themeName = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();

      // ---------- purchase (free) and activate ----------
      await card.getByRole('button', { name: `Get free ${themeName}` }).click();
      const owned = catalogue.getByRole('listitem').filter({ hasText: themeName });
      await untilToastsGone(merchant); // a pointer resting on a toast keeps it open
      await owned.getByRole('button', { name: `Activate ${themeName}` }).click();
      // Activating publishes the draft: the dialog says so and asks first.
      await merchant
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Activate and publish the draft' })
        .click();
      await owned.getByText('Active', { exact: true }).waitFor();
      await merchant.getByText(`Live on your storefront: ${themeName}`).waitFor();
      const activated = await visit(visitor, storefront);
      expect(activated.layout).not.toBe(before.layout);

      // ---------- the editor: colours, banner and a testimonial, with a live preview ----------
      await untilToastsGone(merchant);
      await owned.getByRole('link', { name: `Customise ${themeName}` }).click();
      await merchant.getByRole('heading', { name: `Edit ${themeName}` }).waitFor();
      await merchant.getByLabel('Primary button', { exact: true }).fill(BUTTON);
      await merchant.getByRole('button', { name: 'Save colours' }).click();
      await merchant.getByText('Theme updated').first().waitFor();

      await merchant.getByLabel('Title', { exact: true }).fill(TITLE);
      const preview = merchant.getByRole('region', { name: 'Live preview' });
      await preview.getByRole('heading', { name: TITLE }).waitFor(); // changes as the merchant types
      await merchant
        .getByLabel('Banner image')
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await banner() });
      await merchant.getByRole('button', { name: 'Save banner' }).click();
      await merchant.getByText('Banner saved to the draft').first().waitFor();

      await merchant.getByLabel("Customer's name").fill('Chioma E.');
      await merchant.getByLabel('What they said').fill(QUOTE);
      await merchant.getByRole('button', { name: 'Add testimonial' }).click();
      await merchant.getByRole('list', { name: 'Testimonials' }).getByText(QUOTE, { exact: false }).waitFor();
      await preview.getByText(QUOTE, { exact: false }).waitFor();
      await merchant.screenshot({ path: path.join(screenshotsDir, 'themes-editor.png'), fullPage: true });

      // The draft is not live yet.
      expect((await visit(visitor, storefront)).hasTitle).toBe(false);

      // ---------- share a preview link of the draft: a signed-out phone sees it ----------
      await untilToastsGone(merchant);
      await merchant.getByRole('button', { name: 'Share preview link' }).click();
      const link = await merchant.getByLabel(/Preview link/).inputValue();
      expect(link).toContain(`/storefront/${storeUrl}?preview=`);
      const shared = await phone();
      const draft = await visit(shared, link);
      expect(draft.hasTitle).toBe(true);
      await shared.getByText('A preview of an unpublished draft').waitFor();

      // ---------- the full-screen preview with the merchant's own products ----------
      await untilToastsGone(merchant);
      await merchant.getByRole('link', { name: 'Preview draft' }).click();
      await merchant.getByRole('heading', { name: TITLE }).waitFor();
      await merchant.getByRole('list', { name: 'Store products' }).waitFor();
      await merchant.getByRole('link', { name: 'Back to the editor' }).click();

      // ---------- publish in one click: the visitor sees the new look ----------
      await untilToastsGone(merchant);
      await merchant.getByRole('button', { name: 'Publish', exact: true }).click();
      await merchant.getByText('Draft matches the storefront').waitFor();
      const published = await visit(visitor, storefront);
      expect(published).toMatchObject({
        hasTitle: true,
        hasQuote: true,
        button: BUTTON,
        layout: activated.layout,
      });
      await visitor.screenshot({ path: path.join(screenshotsDir, 'themes-storefront.png'), fullPage: true });
      // Shared links of the store carry the banner.
      const html = await (await apiFetch(storefront)).text();
      expect(html).toMatch(/<meta property="og:image" content="[^"]+\/media\/images\/[^"]+-1200\.webp" \/>/);
      expect(html).toContain(`<meta property="og:image:alt" content="${TITLE}" />`);

      // ---------- roll back in one click: the old look returns ----------
      await untilToastsGone(merchant);
      await merchant.getByRole('button', { name: 'Roll back' }).click();
      await merchant.getByRole('alertdialog').getByRole('button', { name: 'Roll back' }).click();
      await merchant.getByText('Draft has unpublished changes').waitFor();
      const rolledBack = await visit(visitor, storefront);
      expect(rolledBack.hasTitle).toBe(false);
      expect(rolledBack.button).toBe(activated.button);
      // The cart still works from a themed storefront (storefront counts as customer).
      await visitor.getByRole('list', { name: 'Store products' }).getByRole('link').first().click();
      await visitor.getByRole('button', { name: /Add to cart/ }).waitFor();
    }, 600_000);
  },
);
