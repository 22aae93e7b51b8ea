/**
 * Stale-while-revalidate (ADR 110), the pieces the JSON response cache (`response-cache.ts`) and the server-rendered
 * page cache (`server-render.ts`) share: how long an entry is fresh and then stale, the in-process claim that lets one
 * caller per key recompute it, and the bound on background recomputes at once.
 */

/** How long an entry is fresh at most: a safety net for what changes with time alone (a promotion's end, the day's discount order). */
export const CACHE_TTL_SECONDS = 30;
/**
 * Each entry's freshness is shortened by up to this share, at random, so entries written together (the misses of a
 * burst, a start with empty caches) expire spread over 3 s rather than in one instant (ADR 110).
 */
export const CACHE_TTL_JITTER = 0.1;
/**
 * After its freshness an entry is still served, for at most this long, while one request recomputes it in the
 * background. Past it, the entry is recomputed inside the request. Only time expires into staleness: a catalog
 * change drops every entry (a new version), so a changed entry is never served stale.
 */
export const CACHE_STALE_SECONDS = 30;
/** The oldest a time-expired entry can be when it is served, whatever the traffic. */
export const CACHE_MAX_AGE_SECONDS = CACHE_TTL_SECONDS + CACHE_STALE_SECONDS;
/** How long one recompute holds its key; one that failed or was refused lets the next stale hit try again after. */
export const REVALIDATION_CLAIM_MS = 10_000;
/** Background recomputes at once per process and cache: beyond it a stale entry is served and its recompute waits its turn. */
export const MAX_BACKGROUND_REVALIDATIONS = 4;

/** An entry's freshness in milliseconds: CACHE_TTL_SECONDS shortened by up to CACHE_TTL_JITTER at random. */
export const freshMsOf = (random: () => number) =>
  Math.round(CACHE_TTL_SECONDS * 1000 * (1 - CACHE_TTL_JITTER * random()));

/** `fresh`: until when an entry stored at `at` is served as it is; `staleUntil`: until when it may be served stale. */
export interface Lifetime {
  fresh: number;
  staleUntil: number;
}
export function lifetimeFrom(at: number, random: () => number): Lifetime {
  const fresh = at + freshMsOf(random);
  return { fresh, staleUntil: fresh + CACHE_STALE_SECONDS * 1000 };
}

/**
 * Single flight in one process: `claim` is true for one caller per key until `release` (the new entry is stored) or
 * REVALIDATION_CLAIM_MS passed (a recompute that failed); every other caller serves the stale entry.
 */
export function inProcessClaims(now: () => number) {
  const since = new Map<string, number>();
  return {
    claim(key: string): boolean {
      const started = since.get(key);
      if (started !== undefined && now() - started < REVALIDATION_CLAIM_MS) return false;
      since.set(key, now());
      return true;
    },
    release(key: string) {
      since.delete(key);
    },
    clear() {
      since.clear();
    },
  };
}

/**
 * Runs recomputes in the background, at most MAX_BACKGROUND_REVALIDATIONS at once: `start` is false (nothing runs)
 * when that many are running. A failure goes to `failed`; the stale entry stays until its bound.
 */
export function backgroundRevalidations(bound = MAX_BACKGROUND_REVALIDATIONS) {
  let running = 0;
  return {
    start(recompute: () => Promise<unknown>, failed: (error: unknown) => void): boolean {
      if (running >= bound) return false;
      running += 1;
      // An async wrapper, so a recompute that throws before its first await is caught the same way.
      void (async () => recompute())()
        .catch(failed)
        .finally(() => {
          running -= 1;
        });
      return true;
    },
  };
}
