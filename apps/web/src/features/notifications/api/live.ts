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
      if (names.includes('notifications')) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all(kind) });
        // A new paid order reaches a store as a notification first: its lists are asked again too.
        void queryClient.invalidateQueries({ queryKey: ['fulfilment'] });
      }
      if (names.includes('orders')) void queryClient.invalidateQueries({ queryKey: ['fulfilment'] });
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
