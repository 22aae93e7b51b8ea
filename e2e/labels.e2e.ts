import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { apiFetch } from './api-fetch';
import {
  chromiumPath,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  launchBrowser,
  screenshotsDir,
  signIn,
  useJourney,
} from './harness';

// Issue 35's proof of labels and the scanned custody chain (ADR 078), at 360 px: the demo merchant prints the
// labels of two orders; the demo shipping partner, whose phone camera is Chromium's fake camera showing the QR code
// of the printed label, scans the parcel at pickup and at the door; the order's timeline shows both scans; the
// label of a parcel another carrier holds (the demo dispatcher's NM-DEMO0007) is refused, and so is the partner's
// parcel scanned by the dispatcher.

const parcelPhoto = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'parcel.png');
const FRAME = { width: 640, height: 480 };

/**
 * A Y4M video (what Chromium's fake camera plays in a loop) of the label's QR code: the printed image, grey, centred
 * on white. 4:2:0 with neutral chroma: the Y plane is the picture.
 */
async function qrVideo(qrImage: Buffer, file: string): Promise<string> {
  const side = 360;
  const { data, info } = await sharp(qrImage, { density: 300 })
    .flatten({ background: '#ffffff' })
    .resize(side, side, { kernel: 'nearest', fit: 'contain', background: '#ffffff' })
    .extend({
      top: (FRAME.height - side) / 2,
      bottom: (FRAME.height - side) / 2,
      left: (FRAME.width - side) / 2,
      right: (FRAME.width - side) / 2,
      background: '#ffffff',
    })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info).toMatchObject({ ...FRAME, channels: 1 });
  const chroma = Buffer.alloc((FRAME.width / 2) * (FRAME.height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), data, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME.width} H${FRAME.height} F5:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame]));
  return file;
}

const apiToken = async (baseUrl: string, kind: string, email: string) => {
  const response = await apiFetch(`${baseUrl}/api/auth/${kind}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
};

describe.skipIf(!chromiumPath)(
  'labels journey: printed, scanned at pickup and at the door, on a phone',
  () => {
    const journey = useJourney();
    const cameras: Browser[] = [];
    const videos = fs.mkdtempSync(path.join(os.tmpdir(), 'market-qr-video-'));
    afterAll(async () => {
      for (const browser of cameras) await browser.close().catch(() => undefined);
      fs.rmSync(videos, { recursive: true, force: true });
    });

    /** A partner's 360 px phone whose camera films `video`; the camera permission is granted as a carrier would. */
    async function partnerWithCamera(video: string): Promise<Page> {
      const browser = await launchBrowser([
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ]);
      cameras.push(browser);
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        locale: 'en-NG',
      });
      await context.grantPermissions(['camera'], { origin: journey.baseUrl });
      const page = await context.newPage();
      await signIn(page, journey.baseUrl, 'shipping-partner', 'partner@demo.ng');
      return page;
    }

    /** Opens the scan page, turns the camera on, and waits for the parcel the camera reads. */
    async function scanWithCamera(partner: Page) {
      await partner.goto(`${journey.baseUrl}/shipping-partner/scan`);
      await partner.getByRole('heading', { name: 'Scan a parcel' }).waitFor();
      await partner.getByRole('button', { name: 'Scan with the camera' }).click();
      await partner.getByLabel('Camera view: point it at the QR code on the parcel').waitFor();
    }

    it('prints two labels, records both scans on the timeline, and refuses a parcel of another carrier', async () => {
      // The merchant on a phone selects two orders and prints their labels.
      const merchant = await (await journey.phone()).newPage();
      await signIn(merchant, journey.baseUrl, 'merchant', 'merchant@demo.ng');
      await merchant.goto(`${journey.baseUrl}/merchant/orders`);
      await merchant.getByLabel('Select NM-DEMO0004').check();
      await merchant.getByLabel('Select NM-DEMO0007').check();
      await merchant.getByText('2 orders selected').waitFor();
      await merchant.getByRole('link', { name: 'Print labels' }).click();
      const labels: Record<string, { reference: string; video: string }> = {};
      for (const name of ['NM-DEMO0004', 'NM-DEMO0007']) {
        const label = merchant.getByRole('article', { name: `Label for ${name}` });
        await label.getByText('Packing slip').waitFor();
        const qr = label.getByRole('img', {
          name: `QR code of parcel ${name}: carriers scan it at every hand-over`,
        });
        // The printed image itself (the SVG the label shows), not a screenshot a sticky header could cover.
        const source = (await qr.getAttribute('src')) ?? '';
        expect(source).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
        const svg = Buffer.from(decodeURIComponent(source.slice(source.indexOf(',') + 1)));
        const reference = ((await label.locator('figcaption').textContent()) ?? '').trim();
        expect(reference).toMatch(/^p1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
        labels[name] = {
          reference,
          video: await qrVideo(svg, path.join(videos, `${name}.y4m`)),
        };
      }
      await expectNoSidewaysScroll(merchant);
      await merchant.screenshot({
        path: path.join(screenshotsDir, 'merchant-labels-360.png'),
        fullPage: true,
      });

      // The partner accepts NM-DEMO0004, then scans its label at the store: the order opens with the scan attached.
      const partner = await partnerWithCamera(labels['NM-DEMO0004']!.video);
      await partner.goto(`${journey.baseUrl}/shipping-partner/orders`);
      await partner.getByRole('link', { name: /NM-DEMO0004/ }).click();
      await partner.getByRole('heading', { name: 'Order NM-DEMO0004' }).waitFor();
      const orderUrl = partner.url();
      await partner.getByRole('button', { name: 'Accept order' }).click();
      await partner.getByRole('button', { name: 'Mark picked up' }).waitFor();

      await scanWithCamera(partner);
      await partner.waitForURL(/\/shipping-partner\/orders\/[0-9a-f-]{36}\?parcel=/);
      await partner.getByText('Label scanned: your next move records this parcel.').waitFor();
      await partner.getByRole('button', { name: 'Mark picked up' }).click();
      const photoForm = partner.getByRole('form', { name: 'Photo for Picked up' });
      await photoForm.getByLabel('Photo of the parcel').setInputFiles(parcelPhoto);
      await photoForm.getByRole('button', { name: 'Mark picked up' }).click();
      await partner.getByRole('button', { name: 'Mark in transit' }).waitFor();

      // On the road without scanning (the chain records scans where the parcel changes hands).
      await partner.goto(orderUrl);
      await partner.getByRole('button', { name: 'Mark in transit' }).click();
      await partner.getByRole('button', { name: 'Mark out for delivery' }).click();
      await partner.getByLabel("Customer's delivery token").waitFor();

      // At the door: the customer reads the token; the partner scans the parcel again and closes with the token.
      const customer = await (await journey.phone()).newPage();
      await signIn(customer, journey.baseUrl, 'customer', 'customer@demo.ng');
      await customer.goto(`${journey.baseUrl}/account/orders`);
      await customer
        .getByRole('link', { name: /NM-DEMO0004/ })
        .first()
        .click();
      await customer.getByRole('heading', { name: 'Order NM-DEMO0004' }).waitFor();
      const token = ((await customer.getByTestId('delivery-token').textContent()) ?? '').trim();
      expect(token).toMatch(/^\d{6}$/);

      await scanWithCamera(partner);
      await partner.waitForURL(/\/shipping-partner\/orders\/[0-9a-f-]{36}\?parcel=/);
      await partner.getByText('Label scanned: your next move records this parcel.').waitFor();
      await partner.getByLabel("Customer's delivery token").fill(token);
      await partner.getByRole('button', { name: 'Mark delivered' }).click();
      await partner.getByText('Nothing for you to do on this order now.').waitFor();

      // The timeline shows the two scanned hand-overs, and only those.
      await partner.goto(orderUrl);
      const timeline = partner.getByRole('list', { name: 'Order timeline' });
      const scanned = timeline
        .getByRole('listitem')
        .filter({ hasText: 'Parcel label scanned at this hand-over' });
      await scanned.filter({ hasText: 'Picked up' }).waitFor();
      await scanned.filter({ hasText: 'Delivered' }).waitFor();
      await expect.poll(() => scanned.count()).toBe(2);
      await expectNoSidewaysScroll(partner);
      await partner.screenshot({
        path: path.join(screenshotsDir, 'partner-scanned-timeline-360.png'),
        fullPage: true,
      });

      // The store sees the same two scans on its order page.
      await merchant.goto(`${journey.baseUrl}/merchant/orders/${orderUrl.split('/').at(-1)}`);
      const storeTimeline = merchant.getByRole('list', { name: 'Order timeline' });
      await storeTimeline
        .getByRole('listitem')
        .filter({ hasText: 'Parcel label scanned at this hand-over' })
        .first()
        .waitFor();
      await expect
        .poll(() =>
          storeTimeline
            .getByRole('listitem')
            .filter({ hasText: 'Parcel label scanned at this hand-over' })
            .count(),
        )
        .toBe(2);

      // NM-DEMO0007 is the dispatcher's: the partner's camera reads its label and the scan is refused.
      const other = await partnerWithCamera(labels['NM-DEMO0007']!.video);
      await scanWithCamera(other);
      await other.getByRole('alert').filter({ hasText: 'not one of yours' }).waitFor();
      expect(other.url()).toMatch(/\/shipping-partner\/scan$/);

      // And the dispatcher, another carrier, cannot scan the partner's parcel.
      const dispatcher = await apiToken(journey.baseUrl, 'admin', 'dispatcher@demo.ng');
      const refused = await apiFetch(`${journey.baseUrl}/api/orders/parcels/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${dispatcher}` },
        body: JSON.stringify({ parcel: labels['NM-DEMO0004']!.reference }),
      });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { message: string }).message).toContain('not one of yours');
    });
  },
);
