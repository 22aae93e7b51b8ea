const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The one way to show money: integer kobo to `₦12,500.00`. */
export function formatNaira(kobo: number): string {
  if (!Number.isFinite(kobo)) return naira.format(0);
  return naira.format(Math.round(kobo) / 100);
}

/** A naira amount typed by a person (e.g. `12500.5`) to integer kobo. */
export function nairaToKobo(amount: number): number {
  return Math.round(amount * 100);
}
