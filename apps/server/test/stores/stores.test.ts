import {
  merchantDirectoryEndpoints,
  onboardingEndpoints,
  storeAdminEndpoints,
  storeFollowEndpoints,
  storeProfileEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/platform/audit/audit.schema.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { addStoreMember } from '../support/staff-factory.js';
import {
  completeOnboarding,
  createApprovers,
  createVisibleStore,
  multipart,
  pngBytes,
  uploadDocument,
} from '../support/store-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object });

async function newMerchant() {
  const account = await createConfirmedAccount(test, 'merchant');
  const session = await login(test, 'merchant', account.email);
  return { ...account, token: session.accessToken, storeId: session.user.storeId as string };
}

describe('merchant onboarding', () => {
  it('starts at 25 and reaches 100 step by step; the identity document stays private', async () => {
    const merchant = await newMerchant();
    const start = json(await call('GET', urlOf(onboardingEndpoints.get), merchant.token)).data;
    expect(start).toMatchObject({ percentageComplete: 25, completedSteps: [], isComplete: false });

    const idFile = await uploadDocument(test, merchant.token, 'id-document');
    const identity = await call('PUT', urlOf(onboardingEndpoints.update), merchant.token, {
      dateOfBirth: '1988-02-29',
      nationality: 'Nigerian',
      idDocumentType: 'passport',
      idDocumentNumber: 'A01234567',
      idDocumentFileId: idFile,
    });
    expect(identity.statusCode).toBe(200);
    expect(json(identity).data).toMatchObject({ percentageComplete: 50, completedSteps: ['identity'] });

    const download = await call(
      'GET',
      urlOf(onboardingEndpoints.downloadDocument, { params: { id: idFile } }),
      merchant.token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const done = await completeOnboarding(test, merchant.token);
    expect(done).toMatchObject({ percentageComplete: 100, isComplete: true, pricingPlan: 'starter' });
    expect(done.pickupLocation).toEqual({
      street: '14 Broad Street',
      lga: 'Lagos Island',
      state: 'Lagos',
      country: 'Nigeria',
    });
  });

  it('keeps documents from other merchants, customers and anonymous callers', async () => {
    const owner = await newMerchant();
    const other = await newMerchant();
    const fileId = await uploadDocument(test, owner.token, 'proof-of-address');
    expect(
      (
        await call(
          'GET',
          urlOf(onboardingEndpoints.downloadDocument, { params: { id: fileId } }),
          other.token,
        )
      ).statusCode,
    ).toBe(404);
    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    expect(
      (
        await call(
          'GET',
          urlOf(onboardingEndpoints.downloadDocument, { params: { id: fileId } }),
          customerToken,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', urlOf(onboardingEndpoints.downloadDocument, { params: { id: fileId } }))).statusCode,
    ).toBe(401);
    // Another merchant cannot claim the file in their own onboarding either.
    const claim = await call('PUT', urlOf(onboardingEndpoints.update), other.token, {
      proofOfAddressFileId: fileId,
    });
    expect(claim.statusCode).toBe(422);
    expect(json(claim).details?.[0]?.path).toBe('proofOfAddressFileId');
  });

  it('refuses a file that lies about its type, an LGA of another state, a minor and an unknown category', async () => {
    const merchant = await newMerchant();
    const lie = multipart(
      'file',
      'passport.pdf',
      'application/pdf',
      Buffer.from('just some text pretending to be a PDF'),
    );
    const upload = await test.app.inject({
      ...requestOf(onboardingEndpoints.uploadDocument, { query: { kind: 'id-document' } }),
      headers: { ...bearer(merchant.token), ...lie.headers },
      payload: lie.payload,
    });
    expect(upload.statusCode).toBe(422);
    expect(json(upload).message).toBe('Upload a PDF, JPEG, PNG or WebP file');

    const lga = await call('PUT', urlOf(onboardingEndpoints.update), merchant.token, {
      homeAddress: [{ street: '3 Zoo Road', lga: 'Ikeja', state: 'Kano' }],
    });
    expect(lga.statusCode).toBe(422);
    expect(json(lga).details?.[0]).toEqual({ path: 'homeAddress.0.lga', message: 'Choose an LGA of Kano' });

    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 16);
    const minor = await call('PUT', urlOf(onboardingEndpoints.update), merchant.token, {
      dateOfBirth: young.toISOString().slice(0, 10),
    });
    expect(minor.statusCode).toBe(422);
    expect(json(minor).message).toBe('You must be at least 18 years old');

    const category = await call('PUT', urlOf(onboardingEndpoints.update), merchant.token, {
      category: '00000000-0000-4000-8000-000000000000',
    });
    expect(category.statusCode).toBe(422);
    const nothing = await call('PUT', urlOf(onboardingEndpoints.update), merchant.token, {});
    expect(nothing.statusCode).toBe(422);
    expect(
      json(await call('GET', urlOf(onboardingEndpoints.get), merchant.token)).data.percentageComplete,
    ).toBe(25);
  });

  it('is for merchants only', async () => {
    const customer = await createConfirmedAccount(test, 'customer');
    const token = (await login(test, 'customer', customer.email)).accessToken;
    expect((await call('GET', urlOf(onboardingEndpoints.get), token)).statusCode).toBe(403);
    const admin = await createAdmin(test, 'superadmin');
    expect(
      (await call('PUT', urlOf(onboardingEndpoints.update), admin.accessToken, { nationality: 'Nigerian' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('store profile', () => {
  it('saves the profile with a normalised phone number, a Nigerian shipping location and social links', async () => {
    const merchant = await newMerchant();
    const response = await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, {
      socials: { instagram: 'https://instagram.com/adastore', twitter: '' },
      store: {
        storePhoneNumber: '0809 123 4567',
        isPhysicalLocation: true,
        shippingLocation: { state: 'abuja', street: '5 Aminu Kano Crescent', city: 'Wuse 2' },
        officeAddress: '5 Aminu Kano Crescent, Wuse 2, Abuja',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toBe('Successfully added store profile');
    const profile = json(await call('GET', urlOf(storeProfileEndpoints.get), merchant.token)).data;
    expect(profile.socials).toEqual({ instagram: 'https://instagram.com/adastore' });
    expect(profile.store).toMatchObject({
      storePhoneNumber: '+2348091234567',
      isPhysicalLocation: true,
      shippingLocation: {
        country: 'Nigeria',
        state: 'Federal Capital Territory',
        street: '5 Aminu Kano Crescent',
        city: 'Wuse 2',
      },
      approvalStatus: 'pending',
      firstApproval: false,
      secondApproval: false,
    });
  });

  it("uploads a logo as WebP sizes served with long cache headers, and refuses another merchant's image", async () => {
    const merchant = await newMerchant();
    const form = multipart('logo', 'logo.png', 'image/png', await pngBytes(900, 600));
    const upload = await test.app.inject({
      ...requestOf(storeProfileEndpoints.uploadLogo),
      headers: { ...bearer(merchant.token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(201);
    const image = json(upload).data;
    expect(image.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}-800\.webp$/);
    expect(image.width).toBe(800);
    const served = await test.app.inject({ method: 'GET', url: image.urls['160'] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(json(await call('GET', urlOf(storeProfileEndpoints.get), merchant.token)).data.store.logo).toBe(
      image.url,
    );

    const thief = await newMerchant();
    const borrowed = await call('POST', urlOf(storeProfileEndpoints.save), thief.token, {
      store: { logo: image.url },
    });
    expect(borrowed.statusCode).toBe(422);
    expect(
      (await test.app.inject({ method: 'GET', url: '/media/images/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(404);
  });

  it('rejects invalid input and changes nothing', async () => {
    const merchant = await newMerchant();
    const bad = await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, {
      socials: { facebook: 'javascript:alert(1)' },
      store: { shippingLocation: { state: 'Atlantis', street: '1 Sea Road', city: 'Deep' } },
    });
    expect(bad.statusCode).toBe(422);
    const paths = json(bad).details?.map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['socials.facebook', 'store.shippingLocation.state']));
    expect(json(await call('GET', urlOf(storeProfileEndpoints.get), merchant.token)).data.socials).toEqual(
      {},
    );
  });
});

describe("the store's own TIN and VAT registration (issue 35 item 8)", () => {
  const taxOf = async (token: string) => {
    const { tin, isVatRegistered } = json(await call('GET', urlOf(storeProfileEndpoints.get), token)).data
      .store;
    return { tin, isVatRegistered };
  };

  it('saves a FIRS or digits-only TIN and clears it with null; a badly written one is a 422 that changes nothing', async () => {
    const merchant = await newMerchant();
    expect(await taxOf(merchant.token)).toEqual({ tin: null, isVatRegistered: false });
    const saved = await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, {
      store: { tin: ' 12345678-0001 ', isVatRegistered: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data.store).toMatchObject({ tin: '12345678-0001', isVatRegistered: true });
    for (const tin of ['1234-5678', 'TIN12345678', '12345678-0001-1', '1234567', '123456789012345']) {
      const bad = await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, {
        store: { tin, isVatRegistered: false },
      });
      expect(bad.statusCode, tin).toBe(422);
      expect(json(bad).details?.map((detail) => detail.path)).toEqual(['store.tin']);
    }
    expect(await taxOf(merchant.token)).toEqual({ tin: '12345678-0001', isVatRegistered: true });
    expect(
      (
        await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, {
          store: { tin: '1234567890' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await taxOf(merchant.token)).tin).toBe('1234567890');
    await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, { store: { tin: null } });
    expect(await taxOf(merchant.token)).toEqual({ tin: null, isVatRegistered: true });
  });

  it("is the owner's alone: another owner, staff without the permission and customers cannot change it", async () => {
    const owner = await newMerchant();
    await call('POST', urlOf(storeProfileEndpoints.save), owner.token, { store: { tin: '12345678-0001' } });
    const other = await newMerchant();
    await call('POST', urlOf(storeProfileEndpoints.save), other.token, {
      store: { tin: '87654321-0002', isVatRegistered: true },
    });
    const staff = await addStoreMember(test, owner.storeId, 'inventory');
    const refused = await call('POST', urlOf(storeProfileEndpoints.save), staff.token, {
      store: { tin: '99999999-9999' },
    });
    expect(refused.statusCode).toBe(403);
    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    expect(
      (
        await call('POST', urlOf(storeProfileEndpoints.save), customerToken, {
          store: { tin: '99999999-9999' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', urlOf(storeProfileEndpoints.save), undefined, { store: { tin: '99999999-9999' } }))
        .statusCode,
    ).toBe(401);
    expect(await taxOf(owner.token)).toEqual({ tin: '12345678-0001', isVatRegistered: false });
    expect(await taxOf(other.token)).toEqual({ tin: '87654321-0002', isVatRegistered: true });
  });
});

describe('store approval', () => {
  it('audits each approval: the approval it turned and the status before and after, by its approver', async () => {
    const team = await createApprovers(test);
    const merchant = await newMerchant();
    for (const approver of [team.first, team.second]) {
      const answer = await call(
        'POST',
        urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }),
        approver.accessToken,
      );
      expect(answer.statusCode).toBe(200);
    }
    const entries = await test.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, merchant.storeId), eq(auditLog.action, 'store.approve')))
      .orderBy(asc(auditLog.id));
    expect(
      entries.map(({ actorId, storeId, before, after }) => ({ actorId, storeId, before, after })),
    ).toEqual([
      {
        actorId: team.first.id,
        storeId: merchant.storeId,
        before: { approvalStatus: 'pending', firstApproval: false },
        after: { approvalStatus: 'pending', firstApproval: true },
      },
      {
        actorId: team.second.id,
        storeId: merchant.storeId,
        before: { approvalStatus: 'pending', secondApproval: false },
        after: { approvalStatus: 'approved', secondApproval: true },
      },
    ]);
  });

  it('needs two different approvers; the store reaches customers only with both approvals and complete onboarding', async () => {
    const team = await createApprovers(test);
    const merchant = await newMerchant();
    const approve = (token: string) =>
      call('POST', urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }), token);

    const first = await approve(team.first.accessToken);
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({
      firstApproval: true,
      secondApproval: false,
      approvalStatus: 'pending',
    });
    expect(json(first).data.firstApprovedBy.id).toBe(team.first.id);
    expect((await approve(team.first.accessToken)).statusCode).toBe(409);

    const second = await approve(team.second.accessToken);
    expect(second.statusCode).toBe(200);
    expect(json(second).data).toMatchObject({
      approvalStatus: 'approved',
      secondApproval: true,
      isVisible: false,
    });
    const storeUrl = json(second).data.storeUrl;
    expect(
      (await call('GET', urlOf(merchantDirectoryEndpoints.one, { params: { storeUrl } }))).statusCode,
    ).toBe(404);

    await completeOnboarding(test, merchant.token);
    const visible = await call('GET', urlOf(merchantDirectoryEndpoints.one, { params: { storeUrl } }));
    expect(visible.statusCode).toBe(200);
    expect(json(visible).data).toMatchObject({ id: merchant.storeId, followersCount: 0 });
    const mails = json(
      await call('GET', urlOf(systemEndpoints.outbox, { query: { to: merchant.email } })),
    ).data;
    const approvedMail = mails.find((mail: { subject: string }) => /is approved$/.test(mail.subject));
    // Onboarding was still open when the second approval came: the mail says what is left.
    expect(approvedMail.text).toContain('as soon as your onboarding is complete');
  });

  it('tells an owner whose onboarding is done that the store is open, not to finish onboarding', async () => {
    const team = await createApprovers(test);
    const merchant = await newMerchant();
    await completeOnboarding(test, merchant.token);
    for (const approver of [team.first, team.second])
      expect(
        (
          await call(
            'POST',
            urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }),
            approver.accessToken,
          )
        ).statusCode,
      ).toBe(200);
    const mails = json(
      await call('GET', urlOf(systemEndpoints.outbox, { query: { to: merchant.email } })),
    ).data;
    const approvedMail = mails.find((mail: { subject: string }) => /is approved$/.test(mail.subject));
    expect(approvedMail.text).toContain(
      'Your store is open: customers can see it and its approved products now.',
    );
    expect(approvedMail.text).not.toContain('onboarding');
  });

  it('lets only named approvers decide; the super admin names them', async () => {
    const merchant = await newMerchant();
    const stranger = await createAdmin(test, 'admin');
    const refused = await call(
      'POST',
      urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }),
      stranger.accessToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Only store approvers can approve or reject stores');
    const naming = await call('POST', urlOf(storeAdminEndpoints.saveApprover), stranger.accessToken, {
      adminId: stranger.id,
    });
    expect(naming.statusCode).toBe(403);

    const superadmin = await createAdmin(test, 'superadmin');
    const named = await call('POST', urlOf(storeAdminEndpoints.saveApprover), superadmin.accessToken, {
      adminId: stranger.id,
    });
    expect(named.statusCode).toBe(200);
    expect(json(named).message).toBe('Successfully created/updated approver');
    expect(
      (
        await call(
          'POST',
          urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }),
          stranger.accessToken,
        )
      ).statusCode,
    ).toBe(200);

    await call('POST', urlOf(storeAdminEndpoints.saveApprover), superadmin.accessToken, {
      adminId: stranger.id,
      isActive: false,
    });
    const other = await newMerchant();
    expect(
      (
        await call(
          'POST',
          urlOf(storeAdminEndpoints.approve, { params: { id: other.storeId } }),
          stranger.accessToken,
        )
      ).statusCode,
    ).toBe(403);
    const dispatcher = await createAdmin(test, 'dispatcher');
    const notAdmin = await call('POST', urlOf(storeAdminEndpoints.saveApprover), superadmin.accessToken, {
      adminId: dispatcher.id,
    });
    expect(notAdmin.statusCode).toBe(422);
    expect(
      (
        await call(
          'DELETE',
          urlOf(storeAdminEndpoints.removeApprover, { params: { id: stranger.id } }),
          superadmin.accessToken,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'DELETE',
          urlOf(storeAdminEndpoints.removeApprover, { params: { id: stranger.id } }),
          superadmin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('rejects with a reason mailed to the merchant; correcting the profile sends the store back to review', async () => {
    const team = await createApprovers(test);
    const merchant = await newMerchant();
    await call(
      'POST',
      urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }),
      team.first.accessToken,
    );
    const rejected = await call(
      'POST',
      urlOf(storeAdminEndpoints.reject, { params: { id: merchant.storeId } }),
      team.second.accessToken,
      {
        reason: 'The proof of address is unreadable.',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data).toMatchObject({
      approvalStatus: 'rejected',
      firstApproval: false,
      rejectionReason: 'The proof of address is unreadable.',
    });
    const mail = json(
      await call('GET', urlOf(systemEndpoints.outbox, { query: { to: merchant.email, limit: 1 } })),
    ).data[0];
    expect(mail.text).toContain('The proof of address is unreadable.');
    expect(
      json(await call('GET', urlOf(storeProfileEndpoints.get), merchant.token)).data.store.rejectionReason,
    ).toBe('The proof of address is unreadable.');

    await call('POST', urlOf(storeProfileEndpoints.save), merchant.token, {
      store: { officeAddress: '2 Marina, Lagos' },
    });
    const profile = json(await call('GET', urlOf(storeProfileEndpoints.get), merchant.token)).data.store;
    expect(profile).toMatchObject({ approvalStatus: 'pending', rejectionReason: null });
    expect(
      (
        await call(
          'POST',
          urlOf(storeAdminEndpoints.reject, { params: { id: merchant.storeId } }),
          team.first.accessToken,
          {
            reason: 'no',
          },
        )
      ).statusCode,
    ).toBe(422);
  });

  it('lists stores with filters and metrics, shows details and documents, and sets the payment category', async () => {
    const admin = await createAdmin(test, 'admin');
    const merchant = await newMerchant();
    const list = json(
      await call(
        'GET',
        urlOf(storeAdminEndpoints.list, { query: { search: merchant.email, approvalStatus: 'pending' } }),
        admin.accessToken,
      ),
    ).data;
    expect(list.stores.map((store: { id: string }) => store.id)).toEqual([merchant.storeId]);
    expect(list.stores[0].percentageComplete).toBe(25);
    expect(list.metrics.pending).toBeGreaterThanOrEqual(1);

    const fileId = await uploadDocument(test, merchant.token, 'id-document');
    await call('PUT', urlOf(onboardingEndpoints.update), merchant.token, { idDocumentFileId: fileId });
    const details = json(
      await call(
        'GET',
        urlOf(storeAdminEndpoints.details, { params: { id: merchant.storeId } }),
        admin.accessToken,
      ),
    ).data;
    expect(details.onboarding.idDocumentFileId).toBe(fileId);
    const document = await call(
      'GET',
      urlOf(storeAdminEndpoints.document, { params: { id: merchant.storeId, fileId } }),
      admin.accessToken,
    );
    expect(document.statusCode).toBe(200);
    const otherStore = await newMerchant();
    expect(
      (
        await call(
          'GET',
          urlOf(storeAdminEndpoints.document, { params: { id: otherStore.storeId, fileId } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(404);

    const category = await call(
      'PATCH',
      urlOf(storeAdminEndpoints.paymentCategory, { params: { id: merchant.storeId } }),
      admin.accessToken,
      {
        paymentCategory: 'premium',
      },
    );
    expect(json(category).data.paymentCategory).toBe('premium');
    expect(
      (
        await call(
          'PATCH',
          urlOf(storeAdminEndpoints.paymentCategory, { params: { id: merchant.storeId } }),
          admin.accessToken,
          { paymentCategory: 'gold' },
        )
      ).statusCode,
    ).toBe(422);
  });

  it('is closed to customers, merchants, partners, dispatchers and schedulers', async () => {
    const merchant = await newMerchant();
    const customer = await createConfirmedAccount(test, 'customer');
    const tokens = [
      (await login(test, 'customer', customer.email)).accessToken,
      merchant.token,
      (await createPartner(test)).accessToken,
      (await createAdmin(test, 'dispatcher')).accessToken,
      (await createAdmin(test, 'scheduler')).accessToken,
    ];
    for (const token of tokens) {
      expect((await call('GET', urlOf(storeAdminEndpoints.list), token)).statusCode).toBe(403);
      expect(
        (await call('POST', urlOf(storeAdminEndpoints.approve, { params: { id: merchant.storeId } }), token))
          .statusCode,
      ).toBe(403);
      expect((await call('GET', urlOf(storeAdminEndpoints.approvers), token)).statusCode).toBe(403);
    }
  });
});

describe('following stores and the merchant directory', () => {
  it('follows once, counts followers, lists followed stores and unfollows', async () => {
    const store = await createVisibleStore(test);
    const customer = await createConfirmedAccount(test, 'customer');
    const token = (await login(test, 'customer', customer.email)).accessToken;
    const follow = () =>
      call('POST', urlOf(storeFollowEndpoints.follow, { params: { storeId: store.storeId } }), token);
    expect(json(await follow()).data).toEqual({ storeId: store.storeId, following: true, followersCount: 1 });
    expect(json(await follow()).data.followersCount).toBe(1);
    expect(
      json(
        await call('GET', urlOf(storeFollowEndpoints.state, { params: { storeId: store.storeId } }), token),
      ).data.following,
    ).toBe(true);
    const following = json(await call('GET', urlOf(storeFollowEndpoints.following), token)).data;
    expect(following.stores.map((card: { id: string }) => card.id)).toEqual([store.storeId]);
    expect(
      json(await call('GET', urlOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store.storeUrl } })))
        .data.followersCount,
    ).toBe(1);
    const unfollow = await call(
      'DELETE',
      urlOf(storeFollowEndpoints.unfollow, { params: { storeId: store.storeId } }),
      token,
    );
    expect(json(unfollow).data).toEqual({ storeId: store.storeId, following: false, followersCount: 0 });
    expect(json(await call('GET', urlOf(storeFollowEndpoints.following), token)).data.stores).toEqual([]);
  });

  it('cannot follow a store customers cannot see; only customers follow', async () => {
    const hidden = await newMerchant();
    const customer = await createConfirmedAccount(test, 'customer');
    const token = (await login(test, 'customer', customer.email)).accessToken;
    expect(
      (await call('POST', urlOf(storeFollowEndpoints.follow, { params: { storeId: hidden.storeId } }), token))
        .statusCode,
    ).toBe(404);
    const store = await createVisibleStore(test);
    expect(
      (
        await call(
          'POST',
          urlOf(storeFollowEndpoints.follow, { params: { storeId: store.storeId } }),
          hidden.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', urlOf(storeFollowEndpoints.follow, { params: { storeId: store.storeId } })))
        .statusCode,
    ).toBe(401);
  });
});
