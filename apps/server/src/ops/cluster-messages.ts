/** What the primary and its workers say to each other over the cluster's IPC channel. */
export const CLUSTER_MESSAGE = {
  /** A live event committed in one worker (SQLite), for the streams of the others. */
  event: 'fieldwork:event',
  /** A worker answering GET /metrics asks the primary for the whole server's metrics… */
  metricsRequest: 'fieldwork:metrics-request',
  /** …and gets them summed over every worker (prom-client's AggregatorRegistry), or the error. */
  metricsReply: 'fieldwork:metrics-reply',
} as const;

export type ClusterMessage =
  | { type: typeof CLUSTER_MESSAGE.event; event: unknown }
  | { type: typeof CLUSTER_MESSAGE.metricsRequest; id: number }
  | { type: typeof CLUSTER_MESSAGE.metricsReply; id: number; text?: string; error?: string };
