// Types of `code-sizes.mjs` for the TypeScript that imports it (test/architecture/code-sizes.test.ts).
export const FILE_LIMIT: number;
export const FUNCTION_LIMIT: number;
/** Server files exempt from FILE_LIMIT as data (ADR 107); paths from the repository root. */
export const DATA_FILES: readonly string[];

export interface ServerSizes {
  /** Server files over FILE_LIMIT lines, longest first, DATA_FILES left out; paths from the repository root. */
  bigFiles: { file: string; lines: number }[];
  /** Functions over FUNCTION_LIMIT lines (nested callbacks counted on their own), longest first. */
  longFunctions: { file: string; name: string; lines: number; line: number }[];
}

export function measureServerSizes(): ServerSizes;
