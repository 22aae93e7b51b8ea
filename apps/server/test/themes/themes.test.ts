import {
  DEFAULT_THEME_ID,
  MAX_TESTIMONIALS,
  sessionCookies,
  storeProfileEndpoints,
  THEME_COLOR_DEFAULTS,
  themeEndpoints,
  themePublishingEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMerchant } from '../support/catalog-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { storeMemberToken } from '../support/staff-factory.js';
import { pngBytes } from '../support/store-factory.js';
import { json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { form, merchantThemeIdOf, themesCall, themesForm } from './themes-support.js';

let test: TestApp;
let merchant: TestMerchant;
let other: TestMerchant;
let customerToken: string;
let adminToken: string;
let partnerToken: string;
let mine: string;

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, carriers: 1 });
  ({ test } = market);
  [merchant, other] = market.merchants;
  customerToken = market.customers[0].token;
  adminToken = market.superadmin.accessToken;
  partnerToken = market.carriers[0].accessToken;
  mine = await merchantThemeIdOf(test, merchant.token, DEFAULT_THEME_ID);
});

afterAll(async () => {
  await test?.close();
});

describe('theme catalogue, purchase and activation (section 7)', () => {
  it('lists at least three different themes with 45 owned and active by default', async () => {
    const response = await themesCall(test, 'GET', urlOf(themeEndpoints.list), other.token);
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.activeThemeId).toBe(45);
    expect(data.themes.length).toBeGreaterThanOrEqual(3);
    const designs = new Set(data.themes.map((theme: { design: unknown }) => JSON.stringify(theme.design)));
    expect(designs.size).toBe(data.themes.length);
    for (const theme of data.themes) {
      expect(theme.slug).toMatch(/^[a-z-]+$/);
      expect(theme.previewImage).toBe(
        urlOf(themePublishingEndpoints.previewImage, { params: { slug: theme.slug } }),
      );
      expect(theme.pages.map((page: { slug: string }) => page.slug)).toEqual(['home', 'category', 'product']);
      expect(theme.isOwned).toBe(theme.id === 45);
      expect(theme.isActive).toBe(theme.id === 45);
    }
    const active = json(await themesCall(test, 'GET', urlOf(themeEndpoints.active), other.token)).data;
    expect(active).toMatchObject({ id: 45, isActive: true, publishedVersion: null, canRollback: false });
  });

  it('serves each preview image as SVG and the public catalogue', async () => {
    const catalogue = await test.app.inject(requestOf(themePublishingEndpoints.catalogue));
    expect(catalogue.statusCode).toBe(200);
    for (const theme of json(catalogue).data) {
      const image = await test.app.inject({ method: 'GET', url: theme.previewImage });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(image.body).toContain('<svg');
    }
    const missing = await test.app.inject(
      requestOf(themePublishingEndpoints.previewImage, { params: { slug: 'nope' } }),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('purchases with type free, once; activates only owned themes', async () => {
    const notOwned = await themesCall(test, 'PATCH', urlOf(themeEndpoints.activate), merchant.token, {
      themeId: 47,
    });
    expect(notOwned.statusCode).toBe(409);
    const paid = await themesCall(test, 'POST', urlOf(themeEndpoints.purchase), merchant.token, {
      themeId: 46,
      type: 'paid',
    });
    expect(paid.statusCode).toBe(422);
    const unknown = await themesCall(test, 'POST', urlOf(themeEndpoints.purchase), merchant.token, {
      themeId: 999,
      type: 'free',
    });
    expect(unknown.statusCode).toBe(404);

    const bought = await themesCall(test, 'POST', urlOf(themeEndpoints.purchase), merchant.token, {
      themeId: 46,
      type: 'free',
    });
    expect(bought.statusCode).toBe(201);
    expect(json(bought).data).toMatchObject({ id: 46, isOwned: true, isActive: false });
    const again = await themesCall(test, 'POST', urlOf(themeEndpoints.purchase), merchant.token, {
      themeId: 46,
      type: 'free',
    });
    expect(again.statusCode).toBe(409);

    const activated = await themesCall(test, 'PATCH', urlOf(themeEndpoints.activate), merchant.token, {
      themeId: 46,
    });
    expect(activated.statusCode).toBe(200);
    expect(json(activated).data).toMatchObject({ id: 46, slug: 'adire-bold', publishedVersion: 1 });
    const list = json(await themesCall(test, 'GET', urlOf(themeEndpoints.list), merchant.token)).data;
    expect(list.activeThemeId).toBe(46);
    // Another store is untouched.
    expect(
      json(await themesCall(test, 'GET', urlOf(themeEndpoints.list), other.token)).data.activeThemeId,
    ).toBe(45);
  });
});

describe('theme customisation (sections 3, 5 and 7)', () => {
  it('answers the defaults of section 3 in the shapes of section 7', async () => {
    const response = await themesCall(
      test,
      'GET',
      urlOf(themeEndpoints.customization, { params: { themeId: mine } }),
      merchant.token,
    );
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.themeHeader).toEqual({ phoneNumber: '', email: '', logo: null });
    expect(data.themeBody).toEqual({
      bannerMainText: '',
      bannerSubText: '',
      bannerImage: null,
      promoImage: null,
    });
    expect(data.themeColor).toEqual(THEME_COLOR_DEFAULTS);
    expect(data.themeColor.primaryLabel).toBe('#FFFFFF');
    expect(Object.keys(data.themeSocialMedia).sort()).toEqual([
      'facebook',
      'instagram',
      'pinterest',
      'snapchat',
      'tiktok',
      'tumblr',
      'twitter',
      'vimeo',
      'whatsapp',
      'youtube',
    ]);
    expect(Object.values(data.themeSocialMedia).every((value) => value === '')).toBe(true);
  });

  it('saves the body as multipart, title as a one-item list, images stored as WebP', async () => {
    const image = { filename: 'banner.png', contentType: 'image/png', bytes: await pngBytes(1600, 600) };
    const response = await themesForm(
      test,
      urlOf(themeEndpoints.saveBody),
      merchant.token,
      form({
        merchantThemeId: mine,
        'bannerMainText[]': 'Ankara for every day',
        bannerSubText: 'Hand-picked prints from Aba',
        bannerImage: image,
        promoImage: { ...image, filename: 'promo.png' },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('Theme updated');
    const { data } = json(response);
    expect(data).toMatchObject({
      bannerMainText: 'Ankara for every day',
      bannerSubText: 'Hand-picked prints from Aba',
    });
    expect(data.bannerImage).toMatch(/^\/media\/images\/[0-9a-f-]{36}-1200\.webp$/);
    expect(data.promoImage).toMatch(/\.webp$/);
    const served = await test.app.inject({ method: 'GET', url: data.bannerImage });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // Only the fields sent change.
    const subtitleOnly = await themesForm(
      test,
      urlOf(themeEndpoints.saveBody),
      merchant.token,
      form({ merchantThemeId: mine, bannerSubText: 'New arrivals weekly' }),
    );
    expect(json(subtitleOnly).data).toMatchObject({
      bannerMainText: 'Ankara for every day',
      bannerSubText: 'New arrivals weekly',
      bannerImage: data.bannerImage,
    });
  });

  it('refuses a banner that is not an image (by content, whatever its name says) with 422', async () => {
    const response = await themesForm(
      test,
      urlOf(themeEndpoints.saveBody),
      merchant.token,
      form({
        merchantThemeId: mine,
        bannerImage: {
          filename: 'banner.png',
          contentType: 'image/png',
          bytes: Buffer.from('%PDF-1.4 not an image'),
        },
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(json(response)).toMatchObject({ error: 'VALIDATION_ERROR', details: [{ path: 'bannerImage' }] });
    const stray = await themesForm(
      test,
      urlOf(themeEndpoints.saveBody),
      merchant.token,
      form({
        merchantThemeId: mine,
        logo: { filename: 'a.png', contentType: 'image/png', bytes: await pngBytes() },
      }),
    );
    expect(stray.statusCode).toBe(422);
    const asJson = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveBody), merchant.token, {
      merchantThemeId: mine,
    });
    expect(asJson.statusCode).toBe(422);
  });

  it('saves the header (phone and email as one-item lists, logo) and checks them', async () => {
    const response = await themesForm(
      test,
      urlOf(themeEndpoints.saveHeader),
      merchant.token,
      form({
        merchantThemeId: mine,
        'phoneNumber[0]': '0803 123 4567',
        'email[0]': 'Hello@MamaNkechi.ng',
        logo: { filename: 'logo.png', contentType: 'image/png', bytes: await pngBytes(300, 300) },
      }),
    );
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data).toMatchObject({ phoneNumber: '+2348031234567', email: 'hello@mamankechi.ng' });
    expect(data.logo).toMatch(/-400\.webp$/);
    const bad = await themesForm(
      test,
      urlOf(themeEndpoints.saveHeader),
      merchant.token,
      form({ merchantThemeId: mine, email: 'not-an-email' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(json(bad).details?.[0]?.path).toBe('email');
  });

  it('saves colours as hex, answers the header as section 7 says, and refuses low contrast with 422', async () => {
    const saved = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveColor), merchant.token, {
      merchantThemeId: mine,
      headingsAndLinks: '#0b6e4f',
      primaryButton: '#1a1a1a',
      primaryLabel: '#fff',
    });
    expect(saved.statusCode).toBe(200);
    const { data } = json(saved);
    expect(data).toMatchObject({ phoneNumber: '+2348031234567', email: 'hello@mamankechi.ng' });
    expect(data.logo).toMatch(/\.webp$/);
    expect(data.themeColor).toMatchObject({
      headingsAndLinks: '#0B6E4F',
      primaryButton: '#1A1A1A',
      primaryLabel: '#FFFFFF',
      bodyText: '#000000',
    });

    const notHex = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveColor), merchant.token, {
      merchantThemeId: mine,
      salePrice: 'red',
    });
    expect(notHex.statusCode).toBe(422);

    const lowContrast = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveColor), merchant.token, {
      merchantThemeId: mine,
      primaryButton: '#F5A623',
      primaryLabel: '#FFFFFF',
    });
    expect(lowContrast.statusCode).toBe(422);
    const answer = json(lowContrast);
    expect(answer.error).toBe('VALIDATION_ERROR');
    expect(answer.details?.[0]?.path).toBe('primaryLabel');
    expect(answer.message).toMatch(/contrast of 2\.02:1; they need at least 4\.5:1/);
    // Nothing of the refused save was kept.
    const after = json(
      await themesCall(
        test,
        'GET',
        urlOf(themeEndpoints.customization, { params: { themeId: mine } }),
        merchant.token,
      ),
    ).data;
    expect(after.themeColor.primaryButton).toBe('#1A1A1A');
  });

  it('saves socials (only those sent) and checks links', async () => {
    const saved = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveSocial), merchant.token, {
      merchantThemeId: mine,
      instagram: 'https://instagram.com/mamankechi',
      whatsapp: '+2348031234567',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toMatchObject({
      instagram: 'https://instagram.com/mamankechi',
      whatsapp: '+2348031234567',
      twitter: '',
    });
    const bad = await themesCall(test, 'PUT', urlOf(themeEndpoints.saveSocial), merchant.token, {
      merchantThemeId: mine,
      facebook: 'http://facebook.com/x',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('adds, lists and deletes testimonials', async () => {
    const added = await themesCall(test, 'POST', urlOf(themeEndpoints.addTestimonial), merchant.token, {
      merchantThemeId: mine,
      name: 'Chioma A.',
      title: 'Customer, Enugu',
      message: 'The fabric was exactly as pictured and came in two days.',
      rating: 5,
    });
    expect(added.statusCode).toBe(201);
    expect(json(added).message).toBe('Theme updated');
    const id = json(added).data.id as string;
    const list = await themesCall(
      test,
      'GET',
      urlOf(themeEndpoints.testimonials, { query: { merchantThemeId: mine } }),
      merchant.token,
    );
    expect(list.statusCode).toBe(200);
    expect(json(list).data.map((item: { id: string }) => item.id)).toContain(id);

    const short = await themesCall(test, 'POST', urlOf(themeEndpoints.addTestimonial), merchant.token, {
      merchantThemeId: mine,
      name: 'C',
      message: 'ok',
    });
    expect(short.statusCode).toBe(422);

    const deleted = await themesCall(
      test,
      'DELETE',
      urlOf(themeEndpoints.deleteTestimonial, { params: { id } }),
      merchant.token,
    );
    expect(deleted.statusCode).toBe(200);
    const again = await themesCall(
      test,
      'DELETE',
      urlOf(themeEndpoints.deleteTestimonial, { params: { id } }),
      merchant.token,
    );
    expect(again.statusCode).toBe(404);
  });

  it(`holds at most ${MAX_TESTIMONIALS} testimonials, with many added at once`, async () => {
    const listed = async () =>
      json(
        await themesCall(
          test,
          'GET',
          urlOf(themeEndpoints.testimonials, { query: { merchantThemeId: mine } }),
          merchant.token,
        ),
      ).data as { id: string }[];
    const before = await listed();
    const room = MAX_TESTIMONIALS - before.length;
    const answers = await Promise.all(
      Array.from({ length: room + 5 }, (_, index) =>
        themesCall(test, 'POST', urlOf(themeEndpoints.addTestimonial), merchant.token, {
          merchantThemeId: mine,
          name: `Customer ${index + 1}`,
          message: 'Well packed, and delivered to Yaba the next morning.',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(room);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(json(refused[0]!).message).toBe(
      `A theme holds at most ${MAX_TESTIMONIALS} testimonials; delete one first`,
    );
    const after = await listed();
    expect(after).toHaveLength(MAX_TESTIMONIALS);
    // Back to what the other tests of this theme expect.
    const kept = new Set(before.map((item) => item.id));
    for (const item of after.filter((each) => !kept.has(each.id)))
      await themesCall(
        test,
        'DELETE',
        urlOf(themeEndpoints.deleteTestimonial, { params: { id: item.id } }),
        merchant.token,
      );
  });
});

describe("another merchant's theme", () => {
  it('is 404 for every read and write', async () => {
    const testimonial = json(
      await themesCall(test, 'POST', urlOf(themeEndpoints.addTestimonial), merchant.token, {
        merchantThemeId: mine,
        name: 'Bola K.',
        message: 'Friendly seller, fast delivery to Ibadan.',
      }),
    ).data;
    const token = other.token;
    const answers = await Promise.all([
      themesCall(test, 'GET', urlOf(themeEndpoints.customization, { params: { themeId: mine } }), token),
      themesCall(
        test,
        'GET',
        urlOf(themeEndpoints.testimonials, { query: { merchantThemeId: mine } }),
        token,
      ),
      themesCall(test, 'PUT', urlOf(themeEndpoints.saveColor), token, {
        merchantThemeId: mine,
        bodyText: '#111111',
      }),
      themesCall(test, 'PUT', urlOf(themeEndpoints.saveSocial), token, {
        merchantThemeId: mine,
        twitter: '',
      }),
      themesCall(test, 'POST', urlOf(themeEndpoints.addTestimonial), token, {
        merchantThemeId: mine,
        name: 'Intruder',
        message: 'This should never be stored anywhere.',
      }),
      themesCall(
        test,
        'DELETE',
        urlOf(themeEndpoints.deleteTestimonial, { params: { id: testimonial.id } }),
        token,
      ),
      themesCall(test, 'POST', urlOf(themePublishingEndpoints.createPreviewLink), token, {
        merchantThemeId: mine,
      }),
      themesForm(
        test,
        urlOf(themeEndpoints.saveBody),
        token,
        form({ merchantThemeId: mine, bannerSubText: 'x' }),
      ),
      themesForm(test, urlOf(themeEndpoints.saveHeader), token, form({ merchantThemeId: mine, email: '' })),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(json(answer).error).toBe('NOT_FOUND');
    }
    const still = json(
      await themesCall(
        test,
        'GET',
        urlOf(themeEndpoints.customization, { params: { themeId: mine } }),
        merchant.token,
      ),
    ).data;
    expect(still.themeColor.bodyText).toBe('#000000');
    expect(still.themeBody.bannerSubText).toBe('New arrivals weekly');
  });
});

describe('who may call the themes service (section 6)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', urlOf(themeEndpoints.list)],
    ['GET', urlOf(themeEndpoints.active)],
    ['POST', urlOf(themeEndpoints.purchase), { themeId: 47, type: 'free' }],
    ['PATCH', urlOf(themeEndpoints.activate), { themeId: 45 }],
    [
      'GET',
      urlOf(themeEndpoints.customization, { params: { themeId: '00000000-0000-4000-8000-000000000000' } }),
    ],
    [
      'GET',
      urlOf(themeEndpoints.testimonials, {
        query: { merchantThemeId: '00000000-0000-4000-8000-000000000000' },
      }),
    ],
    ['PUT', urlOf(themeEndpoints.saveColor), { merchantThemeId: '00000000-0000-4000-8000-000000000000' }],
    ['PUT', urlOf(themeEndpoints.saveSocial), { merchantThemeId: '00000000-0000-4000-8000-000000000000' }],
    ['POST', urlOf(themePublishingEndpoints.publish)],
    ['POST', urlOf(themePublishingEndpoints.rollback)],
    ['GET', urlOf(themePublishingEndpoints.versions)],
  ];

  it('answers 401 without a token and 403 to customers, admins and partners', async () => {
    for (const [method, path, body] of calls) {
      const anonymous = await themesCall(test, method as 'GET', path, undefined, body);
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      for (const token of [customerToken, adminToken, partnerToken]) {
        const answer = await themesCall(test, method as 'GET', path, token, body);
        expect(answer.statusCode, `${method} ${path}`).toBe(403);
      }
    }
  });

  it("lets store staff whose role holds themes:write work on the store's themes, and no one else", async () => {
    const manager = await storeMemberToken(test, merchant.storeId, 'manager');
    const managerView = await themesCall(
      test,
      'GET',
      urlOf(themeEndpoints.customization, { params: { themeId: mine } }),
      manager,
    );
    expect(managerView.statusCode).toBe(200);
    const inventory = await storeMemberToken(test, merchant.storeId, 'inventory');
    const refused = await themesCall(test, 'GET', urlOf(themeEndpoints.list), inventory);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toContain('themes:write');
  });

  it('reads the bearer token from the cookie named token', async () => {
    const cookie = (token: string) => ({ cookie: `${sessionCookies.merchant.access}=${token}` });
    const read = await test.app.inject({
      ...requestOf(themeEndpoints.list),
      headers: cookie(merchant.token),
    });
    expect(read.statusCode).toBe(200);
    expect(json(read).data.activeThemeId).toBe(46);

    const write = await test.app.inject({
      ...requestOf(themeEndpoints.saveColor),
      headers: { ...cookie(merchant.token), origin: 'http://localhost:80' },
      payload: { merchantThemeId: mine, salePrice: '#B00020' },
      remoteAddress: nextIp(),
    });
    expect(write.statusCode, write.body).toBe(200);

    // A write from another site's page with the cookie is refused; the header path still works from anywhere.
    const forged = await test.app.inject({
      ...requestOf(themeEndpoints.saveColor),
      headers: { ...cookie(merchant.token), origin: 'https://evil.example' },
      payload: { merchantThemeId: mine, salePrice: '#000000' },
    });
    expect(forged.statusCode).toBe(403);

    const customerCookie = await test.app.inject({
      ...requestOf(themeEndpoints.list),
      headers: cookie(customerToken),
    });
    expect(customerCookie.statusCode).toBe(403);
    const garbage = await test.app.inject({
      ...requestOf(themeEndpoints.list),
      headers: cookie('not-a-token'),
    });
    expect(garbage.statusCode).toBe(401);
    // The main API does not read this cookie.
    const mainApi = await test.app.inject({
      ...requestOf(storeProfileEndpoints.get),
      headers: cookie(merchant.token),
    });
    expect(mainApi.statusCode).toBe(401);
  });
});
