// Types of `code-sizes.mjs` for the TypeScript that imports it (test/architecture/code-sizes.test.ts).
export const FILE_LIMIT: number;
export const FUNCTION_LIMIT: number;

export interface ServerSizes {
  /** Server files over FILE_LIMIT lines, longest first; paths from the repository root. */
  bigFiles: { file: string; lines: number }[];
  /** Functions over FUNCTION_LIMIT lines (nested callbacks counted on their own), longest first. */
  longFunctions: { file: string; name: string; lines: number; line: number }[];
}

export function measureServerSizes(): ServerSizes;
