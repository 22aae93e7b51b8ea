const formatters = new Map<number, Intl.NumberFormat>();

/** A number as Nigerians write it: "1,250", "6.5". Counts with their noun go through `plural.ts`. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  let formatter = formatters.get(maximumFractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-NG', { maximumFractionDigits });
    formatters.set(maximumFractionDigits, formatter);
  }
  return formatter.format(value);
}
