/**
 * Stripe sends the payer back to the document with `?payment=done` or `?payment=cancelled`. A payment is
 * recorded only when Stripe's signed webhook arrives, which may be a moment after the payer is back: while the
 * page says "being confirmed" it refetches the document until the payment shows, for a minute at most.
 */
import { useEffect, useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';

export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_POLL_FOR_MS = 60_000;

export type PaymentReturnState = 'waiting' | 'received' | 'slow' | 'cancelled' | null;

export function usePaymentReturnQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, settled: (now: T, first: T) => boolean) {
  const search: { payment?: unknown } = useSearch({ strict: false });
  const payment = search.payment === 'done' || search.payment === 'cancelled' ? search.payment : null;
  // A minute after coming back, stop asking: the page then says the payment may take longer to show.
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (payment !== 'done') return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [payment]);
  const [first, setFirst] = useState<T | undefined>(undefined);
  const isDone = (data: T | undefined) => data !== undefined && first !== undefined && settled(data, first);
  const query = useQuery({
    queryKey,
    queryFn,
    refetchInterval: (q) => (payment === 'done' && !timedOut && !isDone(q.state.data) ? CONFIRM_POLL_MS : false),
  });
  useEffect(() => {
    if (first === undefined && query.data !== undefined) setFirst(query.data);
  }, [first, query.data]);
  const state: PaymentReturnState =
    payment === 'cancelled' ? 'cancelled' : payment !== 'done' ? null : isDone(query.data) ? 'received' : timedOut ? 'slow' : 'waiting';
  // While a payment that went through is not yet on the document, Pay stays hidden: a second click would charge twice.
  const canOfferPay = state !== 'waiting' && state !== 'slow';
  return { query, paymentState: state, canOfferPay };
}
