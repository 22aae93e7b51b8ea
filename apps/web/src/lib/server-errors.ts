import { ApiError } from './errors';

/** The field paths a 422 answer names (`pricing.0.sellingPrice`), for forms with nested or listed fields. */
export function serverFieldPaths(error: unknown): string[] {
  return error instanceof ApiError && error.status === 422 ? error.details.map((detail) => detail.path) : [];
}
