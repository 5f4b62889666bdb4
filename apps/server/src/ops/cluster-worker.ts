import { AggregatorRegistry, type Registry } from 'prom-client';
import type { DomainEvent } from '@fieldwork/domain/common/events.schemas';
import type { PeerEvents } from '@fieldwork/db/transactions';
import { CLUSTER_MESSAGE, type ClusterMessage } from './cluster-messages.ts';
import type { ClusterMetrics } from './metrics.ts';

/** Longer than prom-client's own 5 s limit for collecting from every worker, so its error is the one reported. */
const SCRAPE_TIMEOUT_MS = 10_000;

export type ClusterPeers = { events: PeerEvents; metrics: ClusterMetrics };

function send(message: ClusterMessage): void {
  // A worker whose primary is gone exits (node:cluster); until then there is no one to tell.
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

function onMessage(handler: (message: ClusterMessage) => void): () => void {
  const listener = (message: unknown) => {
    if (message && typeof message === 'object' && 'type' in message) handler(message as ClusterMessage);
  };
  process.on('message', listener);
  return () => void process.off('message', listener);
}

/**
 * A cluster worker's side of the IPC channel to its primary (cluster-primary.ts): live events committed here go
 * to the primary, which hands them to every other worker; GET /metrics asks the primary for the sum of all.
 */
export function clusterPeers(): ClusterPeers {
  const events: PeerEvents = {
    send: (event: DomainEvent) => send({ type: CLUSTER_MESSAGE.event, event }),
    subscribe: (handler) =>
      onMessage((message) => {
        if (message.type === CLUSTER_MESSAGE.event) handler(message.event);
      }),
  };

  let nextId = 1;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let listening: (() => void) | null = null;
  const metrics: ClusterMetrics = {
    share(registry: Registry) {
      // prom-client answers the primary's collection from the registries set here (its default is the global one).
      AggregatorRegistry.setRegistries([registry]);
      new AggregatorRegistry();
      listening ??= onMessage((message) => {
        if (message.type !== CLUSTER_MESSAGE.metricsReply) return;
        const waiter = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.text !== undefined) waiter?.resolve(message.text);
        else waiter?.reject(new Error(`metrics of the other server processes: ${message.error ?? 'no answer'}`));
      });
    },
    scrape: () =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('metrics of the other server processes: the primary did not answer'));
        }, SCRAPE_TIMEOUT_MS);
        waiting.set(id, {
          resolve: (text) => (clearTimeout(timer), resolve(text)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        send({ type: CLUSTER_MESSAGE.metricsRequest, id });
      }),
  };
  return { events, metrics };
}
