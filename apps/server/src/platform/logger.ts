import { SECRET_PATH_PARAMS } from '@market/contracts';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.js';
import { requestIdMixin } from './observability/request-context.js';

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

const secretNames = new Set([...secretFields, 'set-cookie']);
/** How far below the logged object's own keys a secret field is looked for (`*.field` and `*.*.field`). */
const SECRET_DEPTH = 2;

/**
 * The logged object with every secret field censored, down to two levels below its own keys (as the wildcard
 * redact paths `*.field` and `*.*.field` did), copying only the objects that hold one: a request line with none is
 * logged as it is, for a handful of Set look-ups. pino's wildcard redaction cost about 7 % of a cached read's CPU.
 * Errors are left to the error serializer, which censors the same fields through their causes.
 */
export function censorSecrets(value: unknown, depth = SECRET_DEPTH): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Error || ArrayBuffer.isView(value))
    return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const inner = record[key];
    const censored =
      secretNames.has(key) && inner !== undefined
        ? REDACTED
        : depth > 0
          ? censorSecrets(inner, depth - 1)
          : inner;
    if (censored !== inner) {
      copy ??= Array.isArray(record) ? ([...record] as unknown as Record<string, unknown>) : { ...record };
      copy[key] = censored;
    }
  }
  return copy ?? value;
}

export function loggerOptions(config: Config, enabled: boolean): LoggerOptions {
  return {
    level: enabled ? config.logLevel : 'silent',
    serializers: logSerializers,
    // The id of the request (or job) whose work writes the line, whichever logger writes it (ADR 069).
    mixin: requestIdMixin,
    formatters: { log: (object) => censorSecrets(object) as Record<string, unknown> },
    // Exact paths only: pino runs these for the keys they name (a child logger's bindings too), where a wildcard
    // path ran a redactor over every key of every line. What lies deeper is censored by `censorSecrets`.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        ...secretFields,
      ],
      censor: REDACTED,
    },
  };
}

/** Structured JSON logs; secrets in headers, bodies, failed queries and paths never reach them. */
export function createLogger(config: Config, enabled: boolean, destination?: DestinationStream): Logger {
  return destination
    ? pino(loggerOptions(config, enabled), destination)
    : pino(loggerOptions(config, enabled));
}

/**
 * Path segments a secret follows (issue 31): the API's `…/resetpassword/:token`, `…/confirmation/:token`,
 * `…/confirm-email-change/:token` and `/preview/:token`, and the web pages the mails link to
 * (`/customer/reset-password/<token>`, `/merchant/confirm-email/<token>`; a staff invitation is a reset link).
 */
const SECRET_AFTER_SEGMENT = new Set([
  'resetpassword',
  'reset-password',
  'confirmation',
  'confirm-email',
  'confirm-email-change',
  'confirm',
  'preview',
]);
/** Query parameters that carry a secret: a storefront's draft preview (`?preview=<token>`) and any `token`. */
const SECRET_QUERY = new Set(['preview', ...SECRET_PATH_PARAMS]);

/**
 * Any word `redactUrl` looks for, anywhere in the URL and in any case: a URL without one (and without a
 * percent-encoded query name, which could decode to one) has nothing to redact.
 */
const SECRET_HINT = new RegExp(
  [...SECRET_AFTER_SEGMENT, ...SECRET_QUERY].map((word) => word.replace(/[^a-z]/g, '\\$&')).join('|'),
  'i',
);
/** A query parameter's name holding a percent sign (`?%74oken=…`): decoded, it may name a secret. */
const ENCODED_QUERY_NAME = /[?&][^=&]*%/;
const namesSecretParam = (routePattern: string | undefined) =>
  routePattern !== undefined && SECRET_PATH_PARAMS.some((name) => routePattern.includes(`:${name}`));

/**
 * The request's URL as a log may keep it: the secret segment after a path segment of SECRET_AFTER_SEGMENT, a
 * parameter named in SECRET_PATH_PARAMS of the matched route (`routePattern`, e.g. `/api/x/:token`), and secret
 * query values become `[redacted]`. A URL without any is returned as it is, for one scan.
 */
export function redactUrl(url: string, routePattern?: string): string {
  // Most URLs name no secret: one test of the whole URL tells so (ADR 114, amended), without splitting it.
  if (!SECRET_HINT.test(url) && !ENCODED_QUERY_NAME.test(url) && !namesSecretParam(routePattern)) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const segments = path.split('/');
  const patternSegments = routePattern?.split('/');
  let changed = false;
  for (let index = 1; index < segments.length; index++) {
    const named = patternSegments?.[index];
    const secret =
      SECRET_AFTER_SEGMENT.has(segments[index - 1]!.toLowerCase()) ||
      (named?.startsWith(':') === true && (SECRET_PATH_PARAMS as readonly string[]).includes(named.slice(1)));
    if (secret && segments[index] !== '') {
      segments[index] = REDACTED;
      changed = true;
    }
  }
  let redactedQuery = query;
  if (query) {
    const parts = query.split('&').map((part) => {
      const equals = part.indexOf('=');
      const name = decodeQueryName(equals === -1 ? part : part.slice(0, equals));
      if (!SECRET_QUERY.has(name.toLowerCase()) || equals === -1) return part;
      changed = true;
      return `${part.slice(0, equals)}=${REDACTED}`;
    });
    redactedQuery = parts.join('&');
  }
  if (!changed) return url;
  return segments.join('/') + (queryAt === -1 ? '' : `?${redactedQuery}`);
}

function decodeQueryName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}
