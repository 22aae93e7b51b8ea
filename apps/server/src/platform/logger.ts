import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.js';

const REDACTED = '[redacted]';

/** Fields that may hold a secret wherever they appear in a logged object (one or two levels down). */
const secretFields = [
  'password',
  'newPassword',
  'oldPassword',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'refresh_token',
  'refreshToken',
  'accessToken',
  'access_token',
  'authorization',
  'cookie',
  'secret',
];

/** Keys of a failed query that carry its values (a new account's password hash, an email, a token hash). */
const queryValueKeys = ['params', 'parameters', 'values', 'bindings'];

/**
 * pino's error serializer, minus the values of failed queries: Drizzle and pg attach them to the error and to
 * its causes, and they can carry hashes, tokens and personal data. The SQL text itself is kept (it is parameterised).
 */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const scrub = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 5) return;
    const record = value as Record<string, unknown>;
    for (const key of queryValueKeys) if (key in record) record[key] = REDACTED;
    for (const key of secretFields) if (key in record) record[key] = REDACTED;
    scrub(record.cause, depth + 1);
    if (Array.isArray(record.errors)) for (const inner of record.errors) scrub(inner, depth + 1);
  };
  scrub(serialized, 0);
  return serialized;
}

export const logSerializers = { err: serializeError, error: serializeError };

export function loggerOptions(config: Config, enabled: boolean): LoggerOptions {
  return {
    level: enabled ? config.logLevel : 'silent',
    serializers: logSerializers,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        ...secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
      ],
      censor: REDACTED,
    },
  };
}

/** Structured JSON logs; secrets in headers, bodies and failed queries never reach them. */
export function createLogger(config: Config, enabled: boolean): Logger {
  return pino(loggerOptions(config, enabled));
}
