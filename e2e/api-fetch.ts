/**
 * `fetch` as the web app's client sends a call (apps/web/src/lib/api-client.ts `isBusyRefusal`): a 503 with
 * `Retry-After` is the server shedding load before it did anything (busy.ts), so the same request goes again after
 * the wait, up to a bound. A journey's direct calls (sign-ins, outboxes, set-up) run on a loaded CI machine beside
 * two other journeys and the server tests, where the embedded database is often past its queue bound.
 */
const BUSY_RESENDS = 10;

export async function apiFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  for (let resends = 0; ; resends += 1) {
    const response = await fetch(input, init);
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status !== 503 || !Number.isFinite(retryAfter) || resends >= BUSY_RESENDS) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(retryAfter, 0.2), 5) * 1000));
  }
}
