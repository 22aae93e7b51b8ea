import { randomUUID } from 'node:crypto';
import { onboardingEndpoints, storeAdminEndpoints } from '@market/contracts';
import sharp from 'sharp';
import { categories } from '../../src/modules/catalog/catalog.schema.js';
import { requestOf } from './contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  json,
  login,
  nextIp,
  type TestApp,
} from './test-app.js';

/** A small real PNG, made on the spot. */
export function pngBytes(width = 64, height = 48, color = '#0b6e4f'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----market${randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body of text fields and, optionally, one file (fields first, as a browser's FormData sends them). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { field: string; filename: string; contentType: string; bytes: Buffer },
) {
  const boundary = `----market${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A category tree of three levels, written straight to the table (the catalog module's tests cover its API). */
export async function createCategoryTree(test: TestApp) {
  const suffix = randomUUID().slice(0, 6);
  const [top] = await test.deps.db
    .insert(categories)
    .values({ name: `Phones ${suffix}`, slug: `phones-${suffix}`, level: 1 })
    .returning();
  const [sub] = await test.deps.db
    .insert(categories)
    .values({ name: `Smartphones ${suffix}`, slug: `smartphones-${suffix}`, level: 2, parentId: top!.id })
    .returning();
  const [child] = await test.deps.db
    .insert(categories)
    .values({ name: `Android ${suffix}`, slug: `android-${suffix}`, level: 3, parentId: sub!.id })
    .returning();
  return { category: top!, subCategory: sub!, childCategory: child! };
}

export async function uploadDocument(test: TestApp, token: string, kind: 'id-document' | 'proof-of-address') {
  const form = multipart('file', 'document.png', 'image/png', await pngBytes());
  const response = await test.app.inject({
    ...requestOf(onboardingEndpoints.uploadDocument, { query: { kind } }),
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return json(response).data.fileId as string;
}

/** Every onboarding step answered, through the real endpoints. */
export async function completeOnboarding(test: TestApp, token: string) {
  const { category, subCategory } = await createCategoryTree(test);
  const idDocumentFileId = await uploadDocument(test, token, 'id-document');
  const proofOfAddressFileId = await uploadDocument(test, token, 'proof-of-address');
  const put = (payload: object) =>
    test.app.inject({ ...requestOf(onboardingEndpoints.update), headers: bearer(token), payload });
  const address = { street: '14 Broad Street', lga: 'Lagos Island', state: 'Lagos' };
  for (const payload of [
    {
      dateOfBirth: '1990-04-12',
      nationality: 'Nigerian',
      idDocumentType: 'nin',
      idDocumentNumber: '12345678901',
      idDocumentFileId,
    },
    { homeAddress: [address], useHomeAddress: true, proofOfAddressFileId },
    {
      staffSize: '2-5',
      category: category.id,
      physicalLocation: 'Shop 12, Balogun Market',
      pickupLocation: address,
      subCategoryIds: [subCategory.id],
    },
  ]) {
    const response = await put(payload);
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  const pricing = await test.app.inject({
    ...requestOf(onboardingEndpoints.pricing),
    headers: bearer(token),
    payload: { plan: 'starter' },
  });
  if (pricing.statusCode !== 200) throw new Error(pricing.body);
  return json(pricing).data;
}

/** Two admins the super admin named as approvers. */
export async function createApprovers(test: TestApp) {
  const superadmin = await createAdmin(test, 'superadmin');
  const first = await createAdmin(test, 'admin');
  const second = await createAdmin(test, 'admin');
  for (const admin of [first, second]) {
    const response = await test.app.inject({
      ...requestOf(storeAdminEndpoints.saveApprover),
      headers: bearer(superadmin.accessToken),
      payload: { adminId: admin.id },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  return { superadmin, first, second };
}

/**
 * A merchant whose store customers can see: signed up, confirmed, onboarded and approved by two approvers,
 * all through the API as people would do it.
 */
export async function createVisibleStore(
  test: TestApp,
  approvers?: Awaited<ReturnType<typeof createApprovers>>,
) {
  const account = await createConfirmedAccount(test, 'merchant', {
    storeName: `Shop ${randomUUID().slice(0, 8)}`,
  });
  const session = await login(test, 'merchant', account.email);
  await completeOnboarding(test, session.accessToken);
  const storeId = session.user.storeId as string;
  const team = approvers ?? (await createApprovers(test));
  for (const admin of [team.first, team.second]) {
    const response = await test.app.inject({
      ...requestOf(storeAdminEndpoints.approve, { params: { id: storeId } }),
      headers: bearer(admin.accessToken),
      remoteAddress: nextIp(),
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  return {
    ...account,
    accessToken: session.accessToken,
    storeId,
    storeUrl: session.user.storeUrl as string,
    approvers: team,
  };
}
