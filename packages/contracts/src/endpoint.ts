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
  };
  /** Status of the success answer; 200 unless said. */
  status?: 200 | 201;
}

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
