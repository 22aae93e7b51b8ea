// Types only: this file stays free of the schema library at run time, so the web app's pages that only call the
// API (fillPath) do not load zod (apps/web/build/contracts-lite.ts).
import type { z } from 'zod';
import type { Access } from './access.js';

/** The three HTTP surfaces of the specification, each under its own base. */
export type Surface = 'api' | 'shipping' | 'themes';
export const surfaceBases: Record<Surface, string> = {
  api: '/api',
  shipping: '/shipping-api',
  themes: '/themes-api',
};

export type AccountKind = 'customer' | 'merchant' | 'admin' | 'partner';
export type AdminRole = 'admin' | 'superadmin' | 'dispatcher' | 'scheduler';

export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  surface: Surface;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the surface base, with `:name` parameters (OpenAPI shows them as `{name}`). */
  path: string;
  summary: string;
  tags: string[];
  access: A;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** A multipart upload: the file travels in this form field (the handler reads it with `request.file()`). */
  upload?: {
    field: string;
    /** Every file field, when the form carries several (`field` is the first); text fields ride along. */
    files?: readonly string[];
    /**
     * The form's text fields, for an upload whose handler validates them itself (the theme saves): the document
     * lists them beside the files, with the ones it requires.
     */
    form?: z.ZodType;
  };
  /** Status of the success answer; 200 unless said (202: accepted, the work goes on in the background). */
  status?: 200 | 201 | 202;
  /**
   * Refusals the handler can give beyond those the endpoint's shape implies (the server's openapi.ts): 429
   * where a rate limit applies, 404 where a signed-in call finds nothing of the caller's, 409 where a read depends
   * on state. The OpenAPI document lists both.
   */
  errors?: readonly ErrorStatus[];
  /**
   * Fields the server checks against what no schema can say (stored data, today's date, the caller's password),
   * each with its rule: `{ parentId: 'must name an existing category' }`. A 422 naming only these fields answers
   * an input the schema allows; the document lists them as `x-server-checks` and in the description.
   */
  serverChecks?: Readonly<Record<string, string>>;
  /**
   * The media type of a success answer that is not the JSON envelope: a CSV download, an SVG image, or a stream of
   * server-sent events (the live lists).
   */
  produces?:
    | 'text/csv'
    | 'image/svg+xml'
    | 'text/event-stream'
    | 'application/pdf'
    | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  /**
   * A money mutation that accepts an `Idempotency-Key` header (ADR 064): a repeat of the same request with the same
   * key, by the same account, answers the first answer and does the work once; the same key with another request
   * is refused (422), and one still running answers 409 with Retry-After. The web client sends a key on every call
   * of such an endpoint. Signed-in endpoints only: keys are kept per account.
   */
  idempotent?: true;
}

/** The request header of an idempotent endpoint, and the answer header that marks a replayed answer (ADR 064). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** What a key may be: 1 to 255 visible ASCII characters (a UUID is what the web client sends). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** The refusals an operation may document; each answers the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 422 | 429 | 503;

/** Keeps the literal types of an endpoint while checking its shape. */
export function defineEndpoint<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
  const A extends Access = Access,
>(endpoint: Endpoint<Params, Query, Body, Response, A>): Endpoint<Params, Query, Body, Response, A> {
  return endpoint;
}

/** Fills `:name` parameters of a path; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export type InferBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type InferResponse<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
