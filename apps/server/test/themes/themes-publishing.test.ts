import {
  DEFAULT_THEME_ID,
  THEME_COLOR_DEFAULTS,
  themeEndpoints,
  themePublishingEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { themePreviewLinks, themeVersions } from '../../src/modules/themes/themes.schema.js';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { merchantThemeIdOf, themesCall } from './themes-support.js';

let test: TestApp;
let merchant: TestMerchant;
let storeUrl: string;
let classic: string;

async function storefront() {
  const response = await test.app.inject(
    requestOf(themePublishingEndpoints.storefront, { params: { storeUrl } }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return { data: json(response).data, cache: response.headers['x-cache'] };
}

const setColor = (color: Record<string, string>, merchantThemeId = classic) =>
  themesCall(test, 'PUT', urlOf(themeEndpoints.saveColor), merchant.token, { merchantThemeId, ...color });

beforeAll(async () => {
  // The real response cache: the storefront read is cached until a publish or rollback.
  const market = await world({
    stores: 0,
    merchants: 1,
    customers: 0,
    app: { responseCache: createMemoryResponseCache() },
  });
  ({ test } = market);
  [merchant] = market.merchants;
  const [store] = await test.deps.db.select().from(stores).where(eq(stores.id, merchant.storeId));
  storeUrl = store!.storeUrl;
  classic = await merchantThemeIdOf(test, merchant.token, DEFAULT_THEME_ID);
});

afterAll(async () => {
  await test?.close();
});

describe('draft, publish and rollback', () => {
  pglite.it(
    'shows theme 45 with the defaults until the first publish, and keeps drafts off the storefront',
    async () => {
      const first = await storefront();
      expect(first.data).toMatchObject({
        store: { id: merchant.storeId, storeUrl },
        theme: { id: 45, slug: 'eko-classic' },
        version: null,
        preview: null,
        testimonials: [],
      });
      expect(first.data.color.headingsAndLinks).toBe(THEME_COLOR_DEFAULTS.headingsAndLinks);
      expect((await storefront()).cache).toBe('hit');

      expect((await setColor({ headingsAndLinks: '#0B6E4F' })).statusCode).toBe(200);
      const afterDraft = await storefront();
      expect(afterDraft.cache).toBe('hit');
      expect(afterDraft.data.color.headingsAndLinks).toBe(THEME_COLOR_DEFAULTS.headingsAndLinks);
      const active = json(await themesCall(test, 'GET', urlOf(themeEndpoints.active), merchant.token)).data;
      expect(active).toMatchObject({ id: 45, publishedVersion: null, hasUnpublishedChanges: true });
    },
  );

  pglite.it('publishes the draft in one click: a new version, the storefront follows at once', async () => {
    await themesCall(test, 'POST', urlOf(themeEndpoints.addTestimonial), merchant.token, {
      merchantThemeId: classic,
      name: 'Ngozi E.',
      message: 'Lovely prints, and they answered every question on WhatsApp.',
      rating: 4,
    });
    const published = await themesCall(test, 'POST', urlOf(themePublishingEndpoints.publish), merchant.token);
    expect(published.statusCode).toBe(201);
    expect(json(published).data).toMatchObject({
      publishedVersion: 1,
      canRollback: false,
      hasUnpublishedChanges: false,
    });
    const live = await storefront();
    expect(live.cache).toBe('miss');
    expect(live.data).toMatchObject({ version: 1, theme: { id: 45 } });
    expect(live.data.color.headingsAndLinks).toBe('#0B6E4F');
    expect(live.data.testimonials).toHaveLength(1);
    expect(live.data.testimonials[0]).toMatchObject({ name: 'Ngozi E.', rating: 4 });
    expect(live.data.testimonials[0].merchantThemeId).toBeUndefined();

    // Deleting the draft's testimonial does not touch the published version.
    const [testimonial] = json(
      await themesCall(
        test,
        'GET',
        urlOf(themeEndpoints.testimonials, { query: { merchantThemeId: classic } }),
        merchant.token,
      ),
    ).data;
    await themesCall(
      test,
      'DELETE',
      urlOf(themeEndpoints.deleteTestimonial, { params: { id: testimonial.id } }),
      merchant.token,
    );
    expect((await storefront()).data.testimonials).toHaveLength(1);
  });

  pglite.it('rolls back to the previously published version in one click, keeping the draft', async () => {
    await setColor({ headingsAndLinks: '#7A1FA2' });
    const second = json(
      await themesCall(test, 'POST', urlOf(themePublishingEndpoints.publish), merchant.token),
    ).data;
    expect(second).toMatchObject({ publishedVersion: 2, canRollback: true });
    expect((await storefront()).data).toMatchObject({ version: 2, color: { headingsAndLinks: '#7A1FA2' } });

    const rolledBack = await themesCall(
      test,
      'POST',
      urlOf(themePublishingEndpoints.rollback),
      merchant.token,
    );
    expect(rolledBack.statusCode).toBe(200);
    expect(json(rolledBack).data).toMatchObject({
      publishedVersion: 1,
      canRollback: false,
      hasUnpublishedChanges: true,
    });
    const live = await storefront();
    expect(live.cache).toBe('miss');
    expect(live.data).toMatchObject({ version: 1, color: { headingsAndLinks: '#0B6E4F' } });
    expect(live.data.testimonials).toHaveLength(1);
    const draft = json(
      await themesCall(
        test,
        'GET',
        urlOf(themeEndpoints.customization, { params: { themeId: classic } }),
        merchant.token,
      ),
    ).data;
    expect(draft.themeColor.headingsAndLinks).toBe('#7A1FA2');

    const versions = json(
      await themesCall(test, 'GET', urlOf(themePublishingEndpoints.versions), merchant.token),
    ).data;
    expect(
      versions.versions.map((item: { version: number; isCurrent: boolean }) => [
        item.version,
        item.isCurrent,
      ]),
    ).toEqual([
      [2, false],
      [1, true],
    ]);
    const nothingEarlier = await themesCall(
      test,
      'POST',
      urlOf(themePublishingEndpoints.rollback),
      merchant.token,
    );
    expect(nothingEarlier.statusCode).toBe(409);
  });

  pglite.it(
    'activating an owned theme publishes it; rolling back brings the earlier theme back',
    async () => {
      await themesCall(test, 'POST', urlOf(themeEndpoints.purchase), merchant.token, {
        themeId: 47,
        type: 'free',
      });
      const activated = json(
        await themesCall(test, 'PATCH', urlOf(themeEndpoints.activate), merchant.token, { themeId: 47 }),
      ).data;
      expect(activated).toMatchObject({ id: 47, publishedVersion: 3, canRollback: true });
      expect((await storefront()).data).toMatchObject({ version: 3, theme: { slug: 'harmattan-minimal' } });
      await themesCall(test, 'POST', urlOf(themePublishingEndpoints.rollback), merchant.token);
      expect((await storefront()).data).toMatchObject({ version: 1, theme: { id: 45 } });
      const list = json(await themesCall(test, 'GET', urlOf(themeEndpoints.list), merchant.token)).data;
      expect(list.activeThemeId).toBe(45);
    },
  );

  it('keeps version numbers consistent when many publishes run at once', async () => {
    const before = json(
      await themesCall(test, 'GET', urlOf(themePublishingEndpoints.versions), merchant.token),
    ).data.versions;
    // 0 when it runs alone (server-postgres skips the publishes before it).
    const latest = Math.max(0, ...before.map((item: { version: number }) => item.version));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        themesCall(test, 'POST', urlOf(themePublishingEndpoints.publish), merchant.token),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const rows = await test.deps.db
      .select({ version: themeVersions.version })
      .from(themeVersions)
      .where(eq(themeVersions.storeId, merchant.storeId));
    const numbers = rows.map((row) => row.version).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: latest + 8 }, (_, index) => index + 1));
    const answered = answers
      .map((answer) => json(answer).data.publishedVersion as number)
      .sort((a, b) => a - b);
    expect(new Set(answered).size).toBe(8);
    expect(answered.at(-1)).toBe(latest + 8);
    expect((await storefront()).data.version).toBe(latest + 8);
  });

  pglite.it('rejects a store that is not public and an unknown store', async () => {
    const missing = await test.app.inject(
      requestOf(themePublishingEndpoints.storefront, { params: { storeUrl: 'no-such-store' } }),
    );
    expect(missing.statusCode).toBe(404);
  });
});

pglite.describe('preview links', () => {
  it('shares the draft through an unguessable, expiring link', async () => {
    await setColor({ headingsAndLinks: '#C2185B' });
    const created = await themesCall(
      test,
      'POST',
      urlOf(themePublishingEndpoints.createPreviewLink),
      merchant.token,
      {
        merchantThemeId: classic,
      },
    );
    expect(created.statusCode).toBe(201);
    const link = json(created).data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).toMatchObject({ merchantThemeId: classic, themeSlug: 'eko-classic', storeUrl });
    // Valid 7 days (ADR 020): a link shared for a look stops working after a week, not months later.
    const lifetimeMs = new Date(link.expiresAt).getTime() - Date.now();
    expect(lifetimeMs).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(7 * 86_400_000);

    const preview = await test.app.inject(
      requestOf(themePublishingEndpoints.preview, { params: { token: link.token } }),
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toContain('no-store');
    const draft = json(preview).data;
    expect(draft).toMatchObject({ version: null, color: { headingsAndLinks: '#C2185B' }, theme: { id: 45 } });
    expect(draft.preview.expiresAt).toBe(link.expiresAt);
    // The storefront still shows the published version.
    expect((await storefront()).data.color.headingsAndLinks).not.toBe('#C2185B');

    const unknown = await test.app.inject(
      requestOf(themePublishingEndpoints.preview, { params: { token: 'x'.repeat(32) } }),
    );
    expect(unknown.statusCode).toBe(404);
    await test.deps.db
      .update(themePreviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(themePreviewLinks.merchantThemeId, classic));
    const expired = await test.app.inject(
      requestOf(themePublishingEndpoints.preview, { params: { token: link.token } }),
    );
    expect(expired.statusCode).toBe(404);
  });
});

pglite.describe('social links', () => {
  it('fills the networks a published theme leaves empty from the store profile; the theme’s own link wins', async () => {
    const other = await createMerchantWithStore(test);
    await test.deps.db
      .update(stores)
      .set({ socials: { instagram: 'https://instagram.com/adastore', twitter: 'https://x.com/profile' } })
      .where(eq(stores.id, other.storeId));
    const [row] = await test.deps.db.select().from(stores).where(eq(stores.id, other.storeId));
    const themeId = await merchantThemeIdOf(test, other.token, DEFAULT_THEME_ID);
    const saved = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveSocial), other.token, {
      merchantThemeId: themeId,
      twitter: 'https://x.com/theme',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await themesCall(test, 'POST', urlOf(themePublishingEndpoints.publish), other.token);
    expect(published.statusCode, published.body).toBe(201);

    const response = await test.app.inject(
      requestOf(themePublishingEndpoints.storefront, { params: { storeUrl: row!.storeUrl } }),
    );
    const data = json(response).data;
    expect(data.version).toBe(1);
    expect(data.social).toMatchObject({
      instagram: 'https://instagram.com/adastore',
      twitter: 'https://x.com/theme',
      facebook: '',
    });
    expect(data.store).not.toHaveProperty('socials');
  });
});

pglite.describe('colours customers cannot read (issue 34 item 25)', () => {
  it('saves a hard-to-read draft but refuses to publish it, naming each pair; fixed, it publishes', async () => {
    const owner = await createMerchantWithStore(test);
    const draft = await merchantThemeIdOf(test, owner.token, DEFAULT_THEME_ID);
    const save = (color: Record<string, string>) =>
      themesCall(test, 'PUT', urlOf(themeEndpoints.saveColor), owner.token, {
        merchantThemeId: draft,
        ...color,
      });
    // Pale yellow body text on the light page, and a field border that vanishes into the field.
    expect((await save({ bodyText: '#F5E6A3', fieldBorder: '#F1F1F1' })).statusCode).toBe(200);
    const refused = await themesCall(test, 'POST', urlOf(themePublishingEndpoints.publish), owner.token);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toBe('VALIDATION_ERROR');
    expect(json(refused).details?.map((detail) => detail.path)).toEqual(['bodyText', 'fieldBorder']);
    const [versions] = await Promise.all([
      test.deps.db.select().from(themeVersions).where(eq(themeVersions.storeId, owner.storeId)),
    ]);
    expect(versions).toHaveLength(0);
    // Activating the same draft is the same publish: refused too.
    const activate = await themesCall(test, 'PATCH', urlOf(themeEndpoints.activate), owner.token, {
      themeId: DEFAULT_THEME_ID,
    });
    expect(activate.statusCode).toBe(422);

    expect((await save({ bodyText: '#1F2937', fieldBorder: '#6B7280' })).statusCode).toBe(200);
    const published = await themesCall(test, 'POST', urlOf(themePublishingEndpoints.publish), owner.token);
    expect(published.statusCode).toBe(201);
    expect(json(published).data.publishedVersion).toBe(1);
  });
});
