import type { EventStreamTicket, Order } from '@shared/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiJson } from '@client/lib/api-client';
import { storeOrder } from '../api/order';

export type OrderStreamState = 'connecting' | 'open' | 'closed';

const isOrderFrame = (raw: unknown): raw is { order: Order } => {
  if (typeof raw !== 'object' || raw === null) return false;
  const order = (raw as { order?: unknown }).order;
  return typeof order === 'object' && order !== null && Number.isInteger((order as { id?: unknown }).id);
};

/**
 * Live orders (issue 30, ADR 0162): the signed-in viewer's `event: order` frames of GET
 * /api/events — the diner's own orders, the operator's trucks' orders. A stream of its own, opened
 * with a one-use ticket and without Last-Event-ID (order frames are not replayed): each time it
 * opens, `refetch` reloads what the screen shows, so nothing changed while it was away is missed.
 * Each order received goes straight into the caches (storeOrder).
 */
export function useOrderStream(refetch: () => void, onOrder?: (order: Order) => void): OrderStreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OrderStreamState>('connecting');
  // Read when events arrive: the stream opens once per screen, not once per render.
  const handlers = useRef({ refetch, onOrder });
  useEffect(() => {
    handlers.current = { refetch, onOrder };
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let delay = 1000;

    async function open() {
      setState('connecting');
      let ticket: string;
      try {
        ticket = (await apiJson<EventStreamTicket>('POST', '/api/events/ticket')).ticket;
      } catch {
        scheduleRetry();
        return;
      }
      if (stopped) return;
      const es = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
      source = es;
      es.addEventListener('open', () => {
        delay = 1000;
        setState('open');
        handlers.current.refetch();
      });
      es.addEventListener('order', (e: MessageEvent<string>) => {
        let raw: unknown;
        try {
          raw = JSON.parse(e.data);
        } catch {
          return;
        }
        if (!isOrderFrame(raw)) return;
        storeOrder(queryClient, raw.order);
        handlers.current.onOrder?.(raw.order);
      });
      es.addEventListener('error', () => {
        // A ticket opens one stream only: reconnect ourselves with a new one.
        es.close();
        if (source === es) source = null;
        scheduleRetry();
      });
    }

    function scheduleRetry() {
      if (stopped) return;
      setState('closed');
      retry = setTimeout(() => void open(), delay);
      delay = Math.min(delay * 2, 30_000);
    }

    void open();
    return () => {
      stopped = true;
      source?.close();
      if (retry) clearTimeout(retry);
    };
  }, [queryClient]);

  return state;
}
