import { themeEndpoints, themePublishingEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed.js';
import { seedDemoThemes } from '../../src/seed/demo-themes.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { createTestApp, json, login } from '../support/test-app.js';
import { themesCall } from './themes-support.js';

describe('demo themes', () => {
  it('publish a non-default theme with testimonials for the demo store, once', async () => {
    const test = await createTestApp();
    try {
      await seedDemo(test.deps.db);
      expect(await seedDemoThemes(test.deps.db)).toBe(true);
      expect(await seedDemoThemes(test.deps.db)).toBe(false);
      const session = await login(test, 'merchant', 'merchant@demo.ng', DEMO_PASSWORD);
      const active = json(
        await themesCall(test, 'GET', urlOf(themeEndpoints.active), session.accessToken),
      ).data;
      expect(active).toMatchObject({ id: 46, publishedVersion: 1, hasUnpublishedChanges: false });
      const storeId = session.user.storeId as string;
      const [store] = await test.deps.db
        .update(stores)
        .set({ isVisible: true })
        .where(eq(stores.id, storeId))
        .returning();
      const storefront = await test.app.inject(
        requestOf(themePublishingEndpoints.storefront, { params: { storeUrl: store!.storeUrl } }),
      );
      expect(storefront.statusCode).toBe(200);
      const { data } = json(storefront);
      expect(data).toMatchObject({ theme: { slug: 'adire-bold' }, version: 1 });
      expect(data.testimonials).toHaveLength(2);
      expect(data.color.primaryButton).toBe('#0B6E4F');
    } finally {
      await test.close();
    }
  });
});
