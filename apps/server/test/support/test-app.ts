import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountKind } from '@market/contracts';
import { authEndpoints, systemEndpoints } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, type AppJobs, type BuildOptions, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { type Database, openDatabase, type QueueBound } from '../../src/platform/db/client.js';
import type { JobRunner } from '../../src/platform/jobs/jobs.js';
import { requestOf } from './contract-requests.js';
import { releaseDatabase, rememberTemplateState, takeIdleDatabase } from './pglite-reuse.js';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  jobs: AppJobs;
  /** The app's job runner, not started (createTestApp's apps have it; apps a test builds by hand may not). */
  scheduler?: JobRunner;
  database: Database;
  /** PostgreSQL only: the URL of the file's own database (pg_dump, a second process). */
  url?: string;
  close(): Promise<void>;
}

/**
 * A migrated database of the test file's own, copied from the template the global setup built once
 * (`template-database.ts`): in-memory PGlite opened from the template's data directory, or with TEST_DATABASE_URL
 * a PostgreSQL database created from the template database for the file and dropped after it.
 */
/** TEST_PGLITE_REUSE=false opens every test file's database afresh (to measure the reuse, or to rule it out). */
const reuseDatabases = process.env.TEST_PGLITE_REUSE !== 'false';

export async function openTestDatabase(
  /** PGlite only: when the embedded database's queue counts as too long (`Database.busy`); the default otherwise. */
  queueBound?: QueueBound,
): Promise<{
  database: Database;
  /** PostgreSQL only: the file's own database, for a second connection or a server process of its own. */
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A database the worker's previous test file was done with, back in the template's state (pglite-reuse.ts); a
    // file that sets its own queue bound gets a database of its own.
    const reused = queueBound || !reuseDatabases ? undefined : takeIdleDatabase();
    if (reused) return { database: reused, drop: () => releaseDatabase(reused) };
    const templateFile = inject('pgliteTemplateFile');
    const database = await openDatabase({
      driver: 'pglite',
      loadDataDir: templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined,
      ...(queueBound ? { queueBound } : {}),
    });
    // A no-op on the template's copy (every migration is recorded); migrates when run without the global setup.
    await database.migrate();
    if (queueBound || !reuseDatabases) return { database, drop: () => database.close() };
    await rememberTemplateState(database);
    return { database, drop: () => releaseDatabase(database) };
  }
  const template = inject('postgresTemplate');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await createDatabaseFrom(admin, name, template);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), max: 20 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * `create database … template …` fails with 55006 while another session is connected to the template; nothing of
 * ours stays connected to it, but a copy started at the same moment by another file can briefly count, so retry.
 */
async function createDatabaseFrom(admin: pg.Client, name: string, template: string | null): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(
        template ? `create database ${name} template ${template}` : `create database ${name}`,
      );
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function createTestApp(
  options: Partial<Omit<BuildOptions, 'config' | 'database'>> & {
    env?: Record<string, string>;
    queueBound?: QueueBound;
  } = {},
): Promise<TestApp> {
  const { database, drop, url } = await openTestDatabase(options.queueBound);
  // Uploads of each test app go to a folder of its own, removed on close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    ...options.env,
  });
  // No response cache unless a test asks for one: many tests change rows directly, behind the app's back.
  const { app, deps, jobs, scheduler } = await buildApp({
    config,
    database,
    logger: false,
    responseCache: false,
    ...options,
  });
  await app.ready();
  return {
    app,
    deps,
    jobs,
    scheduler,
    database,
    url,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique email for each factory call, so tests never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${randomUUID().slice(0, 6)}@example.ng`;
}

export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export const PASSWORD = 'Sup3rSecret!';

export function json(response: { body: string }): Record<string, unknown> & {
  message: string;
  error?: string;
  details?: { path: string; message: string }[];
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  data?: any;
} {
  return JSON.parse(response.body);
}

/**
 * The newest link mailed to an address, read from the outbox like a person reads their mail. With `containing`, the
 * newest link with that in its path: a notification mailed after the answer (the fan-out runs after it) can be newer
 * than the mail the test waits for.
 */
export async function latestLink(test: TestApp, email: string, containing?: string): Promise<string> {
  const response = await test.app.inject(
    requestOf(systemEndpoints.outbox, { query: { to: email, limit: containing ? 20 : 1 } }),
  );
  const mails = (json(response).data ?? []) as { links: string[] }[];
  const link = mails
    .flatMap((mail) => mail.links)
    .find((candidate) => !containing || candidate.includes(containing));
  if (!link) throw new Error(`No mail${containing ? ` with a ${containing} link` : ''} for ${email}`);
  return link;
}

export function tokenFromLink(link: string): string {
  return link.split('/').pop()!;
}

type SignupKind = 'customer' | 'merchant';

export async function signUp(
  test: TestApp,
  kind: SignupKind,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; id: string }> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail(kind);
  const body = {
    firstName: 'Ada',
    lastName: 'Obi',
    email,
    password: PASSWORD,
    phoneNumber: '08031234567',
    ...(kind === 'merchant' ? { storeName: `Ada Store ${randomUUID().slice(0, 8)}` } : {}),
    ...overrides,
  };
  const response = await test.app.inject({
    ...requestOf(authEndpoints[kind].signup),
    payload: body,
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { email, password: body.password as string, id: json(response).data.user.id };
}

/** Signs up and confirms through the mailed link: a ready account. */
export async function createConfirmedAccount(
  test: TestApp,
  kind: SignupKind,
  overrides: Record<string, unknown> = {},
) {
  const account = await signUp(test, kind, overrides);
  const token = tokenFromLink(await latestLink(test, account.email));
  const confirmed = await test.app.inject(requestOf(authEndpoints[kind].confirm, { params: { token } }));
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return account;
}

export async function login(
  test: TestApp,
  kind: AccountKind,
  email: string,
  password = PASSWORD,
): Promise<{ accessToken: string; refreshToken: string; user: Record<string, unknown> }> {
  const response = await test.app.inject({
    ...requestOf(authEndpoints[kind].login),
    payload: { email, password },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return json(response).data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let knownPasswordHash: Promise<string> | undefined;
/**
 * The product's real argon2id hash of PASSWORD, computed once per test file: factories that insert accounts
 * directly reuse it instead of paying a full hash (about 0.3 s on two cores) for every account.
 */
export async function passwordHashOfPASSWORD(): Promise<string> {
  knownPasswordHash ??= import('../../src/platform/auth/passwords.js').then(({ hashPassword }) =>
    hashPassword(PASSWORD),
  );
  return knownPasswordHash;
}

/** An admin of the given role with a password, as the super admin's invitation would leave one. */
export async function createAdmin(
  test: TestApp,
  role: 'admin' | 'superadmin' | 'dispatcher' | 'scheduler',
): Promise<{ id: string; email: string; accessToken: string }> {
  const { users } = await import('../../src/modules/auth/auth.schema.js');
  const email = uniqueEmail(role);
  const [row] = await test.deps.db
    .insert(users)
    .values({
      kind: 'admin',
      role,
      firstName: 'Test',
      lastName: role,
      email,
      passwordHash: await passwordHashOfPASSWORD(),
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  const session = await login(test, 'admin', email);
  return { id: row!.id, email, accessToken: session.accessToken };
}

/** A confirmed shipping partner through the public application. */
export async function createPartner(
  test: TestApp,
  options: { approved?: boolean } = {},
): Promise<{ id: string; email: string; accessToken: string }> {
  const email = uniqueEmail('partner');
  const response = await test.app.inject({
    ...requestOf(authEndpoints.partner.signup),
    remoteAddress: nextIp(),
    payload: {
      company: {
        companyName: 'Test Riders',
        rcNumber: 'RC1',
        officeAddress: '1 Marina, Lagos',
        phoneNumber: '08091112222',
        email,
        contactPerson: 'Tayo Ade',
        lineOfBusiness: 'Courier',
      },
      bankDetails: { bankName: 'GTBank', accountName: 'Test Riders', accountNumber: '0123456789' },
      certification: { name: 'Tayo Ade', designation: 'CEO', signature: 'T. Ade', date: '2026-11-01' },
      password: PASSWORD,
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const token = tokenFromLink(await latestLink(test, email));
  await test.app.inject(requestOf(authEndpoints.partner.confirm, { params: { token } }));
  const session = await login(test, 'partner', email);
  const id = session.user.id as string;
  if (options.approved !== false) {
    // An admin approves the partner, as the admin screen does, so orders may be assigned to it.
    const { partnerProfiles } = await import('../../src/modules/auth/auth.schema.js');
    const { eq } = await import('drizzle-orm');
    await test.deps.db
      .update(partnerProfiles)
      .set({ approvedAt: new Date() })
      .where(eq(partnerProfiles.userId, id));
  }
  return { id, email, accessToken: session.accessToken };
}
