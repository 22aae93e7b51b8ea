// Types only from the schema library, as endpoint.ts: the web app's pages that call the API do not load zod.
import type { z } from 'zod';
import { type Endpoint, fillPath, surfaceBases } from './endpoint.js';

// An endpoint's URL as a caller writes it (issue 30, ADRs 112 and h-habits' amendment): the surface's base, the
// contract's path with its `:name` parameters filled and URI-encoded, and the query. The server's tests build their
// requests with it (apps/server/test/support/contract-requests.ts) and the web app's tests the URLs they expect the
// client to call, so a path changed in the contract changes every test that names it.

type PartsOf<E> = E extends Endpoint<infer P, infer Q, z.ZodType, z.ZodType> ? [P, Q] : never;

/** A value of the query string: each is written as `String(value)`; an array repeats its key; undefined is left out. */
export type QueryValue = string | number | boolean | bigint | undefined | readonly (string | number)[];

type ParamsPart<P> = [P] extends [z.ZodNever]
  ? { params?: undefined }
  : P extends z.ZodType
    ? { params: { [K in keyof z.input<P>]-?: string | number } }
    : { params?: undefined };

type QueryPart<Q> = [Q] extends [z.ZodNever]
  ? { query?: undefined }
  : Q extends z.ZodType
    ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
    : { query?: undefined };

/** What fills an endpoint's URL: its `:name` parameters (required when the path has any) and its query. */
export type UrlParts<E extends Endpoint> = ParamsPart<PartsOf<E>[0]> & QueryPart<PartsOf<E>[1]>;

/** Endpoints whose URL needs nothing (no path parameters) may be named without parts. */
export type OptionalUrlParts<E extends Endpoint> = [PartsOf<E>[0]] extends [z.ZodNever]
  ? [parts?: UrlParts<E>]
  : [parts: UrlParts<E>];

/** The contract package is typed without the DOM's or Node's globals; both have this class, as the web client uses it. */
declare const URLSearchParams: new () => {
  append(key: string, value: string): void;
  set(key: string, value: string): void;
  toString(): string;
};

/**
 * The query in the order its keys are written, by `URLSearchParams` as the web client writes it (api-client.ts),
 * except that an empty string is kept (a test may send `search=` on purpose): only `undefined` is left out.
 */
function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of `endpoint` under its surface's base, its parameters URI-encoded (fillPath), with its query. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[parts]: OptionalUrlParts<E>): string {
  const filled = fillPath(endpoint.path, parts?.params as Record<string, string | number> | undefined);
  return `${surfaceBases[endpoint.surface]}${filled}${queryString(parts?.query as Record<string, QueryValue>)}`;
}
