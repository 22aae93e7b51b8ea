/**
 * A dependency loaded at its first use, once, and shared by every later use: one that few requests need (a
 * spreadsheet reader, a PDF writer, a cloud SDK) is then not paid for, in start-up CPU and memory, by every start.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
