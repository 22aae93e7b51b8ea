import path from 'node:path';
import { z } from 'zod';

const DEFAULT_SECRET = 'dev-only-secret-change-me-please-32chars!!';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the web app, used in mailed links. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(
    /^postgres(ql)?:\/\//,
    'must be a postgres:// URL (leave unset for embedded PGlite)',
  ),
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
  TRUST_PROXY: booleanFlag.default(false),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().default('Naija Market <no-reply@market.local>'),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'must be a redis:// URL'),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  /** Paystack's API; tests point it at a local stand-in. */
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** The built-in sandbox checkout (fake cards) when no Paystack key is set; off by default in production. */
  PAYMENTS_SANDBOX: booleanFlag.optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.optional(),
  WEB_DIST: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
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
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    production,
    port: value.PORT,
    host: value.HOST,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: value.DATABASE_URL
      ? ({ driver: 'postgres', url: value.DATABASE_URL } as const)
      : ({ driver: 'pglite', dir: path.join(dataDir, 'db') } as const),
    uploadsDir: path.resolve(value.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    jwtSecret: value.JWT_SECRET,
    corsOrigins: value.CORS_ORIGINS,
    cookieDomain: value.COOKIE_DOMAIN,
    trustProxy: value.TRUST_PROXY,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    redisUrl: value.REDIS_URL,
    paystackSecretKey: value.PAYSTACK_SECRET_KEY || undefined,
    paystackBaseUrl: value.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    paymentsSandbox: value.PAYMENTS_SANDBOX ?? !production,
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
    webDist: value.WEB_DIST ? path.resolve(value.WEB_DIST) : undefined,
  };
}
