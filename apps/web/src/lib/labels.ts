/**
 * A stored code as words when a domain's labels module has no entry for it yet: `bank_transfer` → "Bank transfer".
 * Screens show labels, never codes; this keeps an unforeseen code readable instead of raw.
 */
export function humanizeCode(code: string): string {
  const words = code.replaceAll(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of a code from a domain's map, or the code in words. */
export function labelFrom(labels: Readonly<Record<string, string>>, code: string): string {
  return labels[code] ?? humanizeCode(code);
}
