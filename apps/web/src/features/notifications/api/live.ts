import { type AccountKind, type LiveEventName, liveEndpoints } from '@market/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { surfaceBaseUrls } from '../../../lib/config';
import { getSession } from '../../../lib/session';
import { notificationKeys } from './notifications';

/** Splits a server-sent event stream into event names (the stream carries no data the screen needs). */
export function eventNamesIn(buffer: string): { names: LiveEventName[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const names: LiveEventName[] = [];
  for (const block of blocks) {
    const line = block.split('\n').find((candidate) => candidate.startsWith('event: '));
    if (line) names.push(line.slice('event: '.length).trim() as LiveEventName);
  }
  return { names, rest };
}

/**
 * The queries a live event makes stale, by account (issue 34 items 8 and 13): a store's and a carrier's lists on
 * an order move; a customer's order page, its refunds and returns on a move or on news of money (a refund is
 * told as a notification); an admin's contact inbox when a message arrives (told as a notification).
 */
export function liveQueryKeys(kind: AccountKind, names: readonly LiveEventName[]): (readonly string[])[] {
  const keys: (readonly string[])[] = [];
  const notified = names.includes('notifications');
  const moved = names.includes('orders');
  if (notified) keys.push(notificationKeys.all(kind));
  if (kind === 'customer') {
    if (notified || moved) keys.push(['orders'], ['returns']);
    return keys;
  }
  // A new paid order reaches a store as a notification first: its lists are asked again too.
  if (notified || moved) keys.push(['fulfilment']);
  if (kind === 'admin' && notified) keys.push(['contact', 'admin']);
  return keys;
}

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 30_000;

/**
 * Keeps the account's screens live (issue 23): a stream from `GET /api/live` says when its notifications or
 * the orders it sees changed, and the matching queries are asked again. `fetch` rather than EventSource, so the
 * bearer token travels in a header and never in a URL (URLs end up in logs). A dropped stream reconnects with
 * back-off; a refused one waits for the next token (the unread count's own refresh renews it).
 */
export function useLiveNotifications(kind: AccountKind) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof window === 'undefined' || typeof ReadableStream === 'undefined') return;
    let stopped = false;
    let controller: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    let connectedBefore = false;

    const refresh = (names: LiveEventName[]) => {
      for (const queryKey of liveQueryKeys(kind, names))
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    };

    const connect = async () => {
      const token = getSession(kind)?.token;
      if (stopped || !token) return;
      controller = new AbortController();
      try {
        const response = await fetch(`${surfaceBaseUrls.api}${liveEndpoints.stream.path}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
          credentials: 'include',
        });
        if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
        delay = FIRST_RETRY_MS;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const { names, rest } = eventNamesIn(buffer + value);
          buffer = rest;
          // Reconnected after a gap: whatever happened meanwhile is fetched once.
          if (names.includes('ready') && connectedBefore) refresh(['notifications', 'orders']);
          if (names.includes('ready')) connectedBefore = true;
          refresh(names.filter((name) => name !== 'ready'));
        }
      } catch {
        // Aborted on purpose, dropped by a proxy, or refused: tried again below unless stopped.
      }
      if (stopped) return;
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
    };
  }, [kind, queryClient]);
}
