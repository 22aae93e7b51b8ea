import { type Endpoint, fillPath, surfaceBases } from '@market/contracts';
import type { z } from 'zod';

// A test's request is built from the contract's endpoint (issue 30, ADR 112), the way the web client builds its calls
// (apps/web/src/lib/api-client.ts): a path changed in the contract changes every test that calls it, and a test names
// the operation it calls, not a string that happens to reach it. URLs a test must write by hand (a malformed path, an
// unknown route, a raw query string for the parser) stay literal; test/architecture/url-literals.test.ts counts them.

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

/** Endpoints whose URL needs nothing (no path parameters) may be called without parts. */
type OptionalParts<E extends Endpoint> = [PartsOf<E>[0]] extends [z.ZodNever]
  ? [parts?: UrlParts<E>]
  : [parts: UrlParts<E>];

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
export function urlOf<E extends Endpoint>(endpoint: E, ...[parts]: OptionalParts<E>): string {
  const filled = fillPath(endpoint.path, parts?.params as Record<string, string | number> | undefined);
  return `${surfaceBases[endpoint.surface]}${filled}${queryString(parts?.query as Record<string, QueryValue>)}`;
}

/** The method and URL of a request to `endpoint`, to spread into `app.inject({ ...requestOf(...), headers })`. */
export function requestOf<E extends Endpoint>(
  endpoint: E,
  ...parts: OptionalParts<E>
): { method: E['method']; url: string } {
  return { method: endpoint.method, url: urlOf(endpoint, ...parts) };
}
