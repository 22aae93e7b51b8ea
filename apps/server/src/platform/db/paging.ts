import type { Pagination } from '@market/contracts';

/** The pagination block every paged answer carries. */
export function pageInfo(page: number, limit: number, totalItems: number): Pagination {
  return { page, limit, totalItems, totalPages: Math.max(1, Math.ceil(totalItems / limit)) };
}

/** An ILIKE pattern that finds `text` anywhere, with the user's own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
