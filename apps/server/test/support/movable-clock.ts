/** A clock a test moves (a sale's Lagos days, a cached listing's expiry) by setting `offsetMs`. */
export interface MovableClock {
  offsetMs: number;
  now(): Date;
}

export function movableClock(): MovableClock {
  const clock: MovableClock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}
