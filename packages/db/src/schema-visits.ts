/** Tables of migration 0028: personal links to one visit, for the customer's visit page. */
export type VisitLinksTable = {
  id: string;
  tenant_id: string;
  task_id: string;
  /** sha256 of the token (hex); the token itself is only ever in the text that carried the link. */
  token_hash: string;
  /** The window of the "on my way" this link was sent with; both null for a link sent without one. */
  arrival_from: string | null;
  arrival_to: string | null;
  expires_at: string;
  created_at: string;
};

export type VisitTables = { visit_links: VisitLinksTable };
