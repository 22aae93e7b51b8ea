import { isIP } from 'node:net';
import path from 'node:path';
import { MAX_NAIRA, nairaToKobo } from '@market/contracts';
import { z } from 'zod';

const DEFAULT_SECRET = 'dev-only-secret-change-me-please-32chars!!';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A proxy address or CIDR block such as 10.0.0.0/8 or fd00::/8. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server may set X-Forwarded-For: `false` (none), a hop count, or the proxies' own
 * addresses/CIDRs. `true` means one hop (a single load balancer), never "trust every hop", which would let a
 * client choose its own address and walk around the rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be false, true (one hop), a hop count, or a comma-separated list of proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

function hasAtMostTwoDecimals(naira: number): boolean {
  try {
    nairaToKobo(naira);
    return true;
  } catch {
    return false;
  }
}

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.test(value), hint);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Defaults to loopback outside production (see loadConfig), every interface in production. */
  HOST: z.string().trim().min(1).optional(),
  /** Public address of the web app, used in mailed links. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(
    /^postgres(ql)?:\/\//,
    'must be a postgres:// URL (leave unset for embedded PGlite)',
  ),
  /**
   * A direct connection to the same PostgreSQL database, for the little that needs a session of its own: the change
   * bus's LISTEN, the migrations' lock and pg-boss's queue lock. Set it when DATABASE_URL goes through a pooler in
   * transaction mode (PgBouncer's `pool_mode = transaction`): the pools then also send no named prepared statements,
   * which such a pooler cannot keep (ADR 087, docs/operations/several-processes.md).
   */
  DATABASE_DIRECT_URL: optionalUrl(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  /**
   * Connections of one server process's pool (ADR 087): with pg-boss's JOBS_POOL_MAX and the change bus's one
   * listening connection, a process holds at most DATABASE_POOL_MAX + JOBS_POOL_MAX + 1 (9 by default).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(6),
  /** Connections of one process's job queue (pg-boss) pool. */
  JOBS_POOL_MAX: z.coerce.number().int().min(1).max(50).default(2),
  /**
   * Where the embedded PGlite runs (ADR 054): its own worker thread, or `main`, the server's event loop (as before;
   * kept for comparison in `bench/embedded.bench.ts`). Ignored with DATABASE_URL.
   */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  UPLOADS_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEFAULT_SECRET),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be a comma-separated list of origins such as https://shop.example.ng'))),
  COOKIE_DOMAIN: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().default('Naija Market <no-reply@market.local>'),
  /** Where contact-form messages are mailed (they are also kept for admins). */
  CONTACT_EMAIL: z.email('must be an email address').default('support@market.local'),
  /** Termii's API key: SMS notifications are sent through Termii; without it they stay in the SMS outbox. */
  TERMII_API_KEY: z.string().optional(),
  /** Termii's base URL (your account's, from its dashboard); tests point it at a local stand-in. */
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  /** The approved sender ID SMS come from (3–11 letters or digits). */
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be 3 to 11 letters or digits')
    .default('NaijaMarket'),
  /**
   * Termii's WhatsApp device id (issue 36, ADR 090): with it and a template id, notifications an account chose for
   * WhatsApp go there; without it they go by SMS.
   */
  TERMII_WHATSAPP_DEVICE_ID: z.string().trim().min(1).optional(),
  /** Termii's id of the approved "order update" template (first_name, order_number, update, track_url). */
  TERMII_WHATSAPP_TEMPLATE_ORDER_UPDATE: z.string().trim().min(1).optional(),
  /** Termii's id of the approved "account alert" template (first_name, title, detail). */
  TERMII_WHATSAPP_TEMPLATE_ACCOUNT_ALERT: z.string().trim().min(1).optional(),
  /** SMS budget (issue 31): most texts to one number an hour, about one order, and from the platform a day. */
  SMS_CAP_PER_RECIPIENT_HOUR: z.coerce.number().int().min(1).default(6),
  SMS_CAP_PER_ORDER: z.coerce.number().int().min(1).default(12),
  SMS_CAP_PER_DAY: z.coerce.number().int().min(1).default(5000),
  /** A text about an assignment waits this long; a newer one about the same order and person replaces it. */
  SMS_SETTLE_SECONDS: z.coerce.number().int().min(0).default(120),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must be a redis:// URL'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Paystack's API; tests point it at a local stand-in. */
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** The built-in sandbox checkout (fake cards) when no Paystack key is set; off by default in production. */
  PAYMENTS_SANDBOX: booleanFlag.optional(),
  /**
   * The sandbox's transfers wait for an OTP (123456) as a Paystack account with transfer OTPs on does (Paystack's
   * default); off for the demo so that approving a payout pays it at once.
   */
  SANDBOX_TRANSFER_OTP: booleanFlag.default(false),
  /**
   * How merchants are paid (ADR 051): `transfer` (admins approve payouts sent by Paystack Transfer) or `subaccount`
   * (each store is a Paystack subaccount and every checkout is split: Paystack settles each store's share itself),
   * for a Paystack business that cannot send transfers (a Starter business).
   */
  SETTLEMENT_MODE: z
    .enum(['transfer', 'subaccount'], { error: 'must be transfer or subaccount' })
    .default('transfer'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.optional(),
  /**
   * Days the audit trail keeps a line (ADR 072); unset keeps every line. `npm run audit:purge` deletes older ones.
   * At least 365: the database refuses to delete a younger line whatever is configured.
   */
  AUDIT_RETENTION_DAYS: z.coerce
    .number('must be a whole number of days')
    .int('must be a whole number of days')
    .min(365, 'must be at least 365 days')
    .optional(),
  /** Days after delivery a customer may ask for a return; a delivered order is completed when they pass. */
  /** The platform's tax identity on its invoices, receipts and statements (issue 35 item 8). */
  PLATFORM_LEGAL_NAME: z.string().trim().min(2).max(120).default('Naija Market Ltd'),
  /** The platform's Taxpayer Identification Number (FIRS): 8 digits, a dash, 4 digits. */
  PLATFORM_TIN: z
    .string()
    .trim()
    .regex(/^\d{8}-\d{4}$/, 'must be a TIN such as 24681357-0001')
    .default('24681357-0001'),
  /** VAT on the platform's services (commission, subscriptions), in basis points: 750 = 7.5 % (Finance Act 2019). */
  PLATFORM_VAT_BASIS_POINTS: z.coerce
    .number('must be a whole number of basis points')
    .int('must be a whole number of basis points')
    .min(0)
    .max(5000, 'must be at most 5000 (50 %)')
    .default(750),
  RETURN_WINDOW_DAYS: z.coerce
    .number('must be a whole number of days')
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(90, 'must be at most 90 days')
    .default(7),
  /**
   * The most one checkout may come to (goods after discounts, plus delivery), in naira (ADR 063). A larger cart is
   * refused with 422 and a message the customer reads on the cart page. Well below what the books hold (bigint kobo,
   * exact in JavaScript to about ₦90 trillion); it bounds what one card payment, refund or store's order can be.
   */
  ORDER_LIMIT_NAIRA: z.coerce
    .number('must be an amount in naira')
    .positive('must be more than 0')
    .max(MAX_NAIRA, `must be at most ${MAX_NAIRA}`)
    .refine(hasAtMostTwoDecimals, 'must have at most 2 decimals')
    .default(50_000_000),
  WEB_DIST: z.string().optional(),
  /** `/metrics` on a port of its own (ADR 069); unset: no metrics port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Where the metrics port listens: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** `/metrics` on the public port too, for callers sending `Authorization: Bearer <token>`; unset: not there. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** On SIGTERM, how long the process answers not ready before it stops taking connections (ms). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** On SIGTERM, how long in-flight requests, jobs and pools get to finish before the process exits anyway (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Live streams (`GET /api/live`, ADR 068) one account may hold open on one process; beyond it, 503. */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(5),
  /**
   * Live streams one process holds open; beyond it, 503. Each is a socket, a file descriptor: the process also keeps
   * this under its own descriptor limit, with room left for requests, the database and files.
   */
  LIVE_STREAMS_PER_PROCESS: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(2000),
  /**
   * Up to how many matching products a customer listing counts its total exactly; beyond it the total is PostgreSQL's
   * estimate and the answer says so (`countIsEstimate`), so a new filter never counts every match (ADR 114).
   */
  CATALOG_EXACT_COUNT_UP_TO: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(1000),
  /**
   * Searches answered from the search index each process keeps in memory (`memory`, ADR 116), or by PostgreSQL's
   * GIN index alone (`off`). The index costs about 150 bytes a listed product, and loads in the background at start.
   */
  CATALOG_SEARCH_INDEX: z.enum(['memory', 'off']).default('memory'),
  /**
   * Up to how many matching payments the admin's transactions list counts its total exactly; beyond it the total is
   * PostgreSQL's estimate and the answer says so (`countIsEstimate`), as the catalog's listings do (ADR 114).
   */
  TRANSACTIONS_EXACT_COUNT_UP_TO: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(1000),
  /**
   * Up to how many matching orders an order list (the customer's, a store's, the admins', a carrier's) counts its
   * total exactly; beyond it the total is PostgreSQL's estimate and the answer says so (`countIsEstimate`, ADR 114).
   */
  ORDERS_EXACT_COUNT_UP_TO: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .default(1000),
  /** How often each live stream gets a keep-alive and its session and membership are checked again. */
  LIVE_HEARTBEAT_MS: z.coerce
    .number('must be a number of milliseconds')
    .int('must be a number of milliseconds')
    .min(50, 'must be at least 50 ms')
    .max(120_000, 'must be at most 120000 ms')
    .default(25_000),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Only this machine can reach a server listening on a loopback address. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** The environment parsed and checked: a bad value, or the default secret where others can reach us, throws. */
function checkedEnv(env: NodeJS.ProcessEnv) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const production = value.NODE_ENV === 'production';
  if (production && value.JWT_SECRET === DEFAULT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: must be set to your own secret in production',
    );
  }
  const host = value.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  // The default secret is in the repository: with it, anyone who reaches the server can sign their own session
  // tokens. Outside production it is allowed only while nothing but this machine can reach the server.
  if (value.JWT_SECRET === DEFAULT_SECRET && !isLoopbackHost(host)) {
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: must be set to your own secret when the server listens on ${host} (the default is allowed only on 127.0.0.1, ::1 or localhost)`,
    );
  }
  return { value, production, host };
}

/** SMS and WhatsApp through Termii, and the SMS budget (ADR 057, 066, 090). */
function messagingOf(value: z.infer<typeof schema>) {
  return {
    termii: value.TERMII_API_KEY
      ? {
          apiKey: value.TERMII_API_KEY,
          baseUrl: value.TERMII_BASE_URL.replace(/\/$/, ''),
          senderId: value.TERMII_SENDER_ID,
        }
      : undefined,
    whatsapp:
      value.TERMII_API_KEY && value.TERMII_WHATSAPP_DEVICE_ID
        ? {
            apiKey: value.TERMII_API_KEY,
            baseUrl: value.TERMII_BASE_URL.replace(/\/$/, ''),
            deviceId: value.TERMII_WHATSAPP_DEVICE_ID,
            templates: {
              'order-update': value.TERMII_WHATSAPP_TEMPLATE_ORDER_UPDATE,
              'account-alert': value.TERMII_WHATSAPP_TEMPLATE_ACCOUNT_ALERT,
            },
          }
        : undefined,
    smsBudget: {
      perRecipientHour: value.SMS_CAP_PER_RECIPIENT_HOUR,
      perOrder: value.SMS_CAP_PER_ORDER,
      perDay: value.SMS_CAP_PER_DAY,
      settleSeconds: value.SMS_SETTLE_SECONDS,
    },
  };
}

/** Parses the environment once; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const { value, production, host } = checkedEnv(env);
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    production,
    port: value.PORT,
    // Outside production nothing but this machine should reach the server: the outbox shows sign-in links.
    host,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: value.DATABASE_URL
      ? ({
          driver: 'postgres',
          url: value.DATABASE_URL,
          directUrl: value.DATABASE_DIRECT_URL,
          max: value.DATABASE_POOL_MAX,
          jobsMax: value.JOBS_POOL_MAX,
        } as const)
      : ({ driver: 'pglite', dir: path.join(dataDir, 'db'), thread: value.PGLITE_THREAD } as const),
    uploadsDir: path.resolve(value.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    jwtSecret: value.JWT_SECRET,
    corsOrigins: value.CORS_ORIGINS,
    cookieDomain: value.COOKIE_DOMAIN,
    trustProxy: value.TRUST_PROXY,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    contactEmail: value.CONTACT_EMAIL,
    ...messagingOf(value),
    redisUrl: value.REDIS_URL,
    paystackSecretKey: value.PAYSTACK_SECRET_KEY || undefined,
    paystackBaseUrl: value.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    paymentsSandbox: value.PAYMENTS_SANDBOX ?? !production,
    sandboxTransferOtp: value.SANDBOX_TRANSFER_OTP,
    settlementMode: value.SETTLEMENT_MODE,
    s3: value.S3_BUCKET
      ? {
          bucket: value.S3_BUCKET,
          region: value.S3_REGION,
          endpoint: value.S3_ENDPOINT,
          accessKeyId: value.S3_ACCESS_KEY_ID,
          secretAccessKey: value.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    logLevel: value.LOG_LEVEL,
    seedDemo: value.SEED_DEMO ?? !production,
    returnWindowDays: value.RETURN_WINDOW_DAYS,
    tax: {
      legalName: value.PLATFORM_LEGAL_NAME,
      tin: value.PLATFORM_TIN,
      vatBasisPoints: value.PLATFORM_VAT_BASIS_POINTS,
    },
    auditRetentionDays: value.AUDIT_RETENTION_DAYS ?? null,
    orderLimitKobo: nairaToKobo(value.ORDER_LIMIT_NAIRA),
    live: {
      streamsPerAccount: value.LIVE_STREAMS_PER_ACCOUNT,
      streamsPerProcess: value.LIVE_STREAMS_PER_PROCESS,
      heartbeatMs: value.LIVE_HEARTBEAT_MS,
    },
    catalog: { exactCountUpTo: value.CATALOG_EXACT_COUNT_UP_TO, searchIndex: value.CATALOG_SEARCH_INDEX },
    transactions: { exactCountUpTo: value.TRANSACTIONS_EXACT_COUNT_UP_TO },
    orders: { exactCountUpTo: value.ORDERS_EXACT_COUNT_UP_TO },
    webDist: value.WEB_DIST ? path.resolve(value.WEB_DIST) : undefined,
    metrics: { port: value.METRICS_PORT, host: value.METRICS_HOST, token: value.METRICS_TOKEN },
    shutdown: {
      // Behind a proxy its health checks must see "not ready" before connections are refused; a development
      // server has no proxy to tell.
      delayMs: value.SHUTDOWN_DELAY_MS ?? (production ? 3_000 : 0),
      graceMs: value.SHUTDOWN_GRACE_MS,
    },
  };
}

/**
 * Fastify's `trustProxy` for the configured value. Fastify ignores a bare hop count (it cannot check the peer), so a
 * count becomes "trust the nearest n hops": right for a server reachable only through its balancer. Where the
 * balancer's addresses are known, listing them is stricter.
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value > 0 ? (_address, hop) => hop < value : false;
  return value;
}
