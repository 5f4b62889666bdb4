/**
 * Estimate lifecycle: statuses, labels, badge styles, the typed transition table and the per-status action
 * table — the two tables the server enforces (estimateMove). EXPIRED is never stored: a SENT estimate whose due
 * date is before today in the tenant's zone shows and acts as EXPIRED (effectiveEstimateStatus).
 */
import { dayIn } from '../time/zoned-day.rules.ts';

export const ESTIMATE_STATUSES = ['DRAFT', 'SENT', 'APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'EXPIRED', 'PAID', 'VOID'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];
/** What the database holds: everything but the derived EXPIRED. */
export const STORED_ESTIMATE_STATUSES = ['DRAFT', 'SENT', 'APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'PAID', 'VOID'] as const;
export type StoredEstimateStatus = (typeof STORED_ESTIMATE_STATUSES)[number];

export const ESTIMATE_STATUS_LABELS = {
  DRAFT: 'Draft',
  SENT: 'Open',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  CHANGE_REQUEST: 'Change Request',
  EXPIRED: 'Expired',
  PAID: 'Deposit Paid',
  VOID: 'Void',
} as const satisfies Record<EstimateStatus, string>;

export type BadgeStyle = 'success' | 'warning' | 'destructive' | 'outline' | 'brand' | 'default';
export const ESTIMATE_BADGES = {
  DRAFT: 'outline',
  SENT: 'default',
  APPROVED: 'brand',
  DECLINED: 'destructive',
  CHANGE_REQUEST: 'warning',
  EXPIRED: 'destructive',
  PAID: 'success',
  VOID: 'destructive',
} as const satisfies Record<EstimateStatus, BadgeStyle>;

/** Onsite approval decisions and the status each moves to. */
export const APPROVAL_DECISIONS = ['APPROVED', 'DECLINED', 'CHANGE_REQUEST'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/**
 * Stored moves from each (effective) status. Edits of a non-draft never move it: they copy it into a new
 * draft. Void is final; conversion does not change the status (isConverted does).
 */
export const ESTIMATE_TRANSITIONS = {
  DRAFT: ['SENT', 'APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'VOID'],
  SENT: ['APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'PAID', 'VOID'],
  EXPIRED: ['APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'VOID'],
  APPROVED: ['PAID', 'VOID'],
  DECLINED: ['VOID'],
  CHANGE_REQUEST: ['VOID'],
  PAID: ['VOID'],
  VOID: [],
} as const satisfies Record<EstimateStatus, readonly StoredEstimateStatus[]>;

export function canMoveEstimate(from: EstimateStatus, to: StoredEstimateStatus): boolean {
  return (ESTIMATE_TRANSITIONS[from] as readonly StoredEstimateStatus[]).includes(to);
}

/**
 * portalApproval is the customer's own answer in the portal (approve, decline, request changes): only on an Open
 * estimate — a draft is not theirs to see, an expired one must be renewed by the office, and an answered one stays
 * answered (the office makes a new draft to change it).
 */
export const ESTIMATE_ACTIONS = [
  'download',
  'preview',
  'edit',
  'view',
  'onsiteApproval',
  'portalApproval',
  'delete',
  'convert',
  'void',
  'send',
  'recordDeposit',
] as const;
export type EstimateAction = (typeof ESTIMATE_ACTIONS)[number];
export type EstimateActions = Record<EstimateAction, boolean>;

/** The spec's per-status list; convert and void also depend on the record (not converted). */
export const ESTIMATE_ACTION_TABLE = {
  DRAFT: ['download', 'preview', 'edit', 'onsiteApproval', 'delete', 'void', 'send'],
  SENT: ['download', 'preview', 'edit', 'onsiteApproval', 'portalApproval', 'void', 'send', 'recordDeposit'],
  EXPIRED: ['download', 'preview', 'edit', 'onsiteApproval', 'void'],
  APPROVED: ['download', 'preview', 'view', 'convert', 'void', 'recordDeposit'],
  DECLINED: ['download', 'preview', 'edit', 'delete', 'void'],
  CHANGE_REQUEST: ['download', 'preview', 'edit', 'delete', 'void'],
  PAID: ['download', 'preview', 'view', 'convert', 'void'],
  VOID: ['download', 'preview', 'view'],
} as const satisfies Record<EstimateStatus, readonly EstimateAction[]>;

/** The status each status-changing action stores (onsite and portal approval store the signer's decision, any of them). */
export const ESTIMATE_ACTION_STORES = { send: 'SENT', void: 'VOID', recordDeposit: 'PAID' } as const satisfies Partial<
  Record<EstimateAction, StoredEstimateStatus>
>;

const storedBy = (action: EstimateAction): readonly (StoredEstimateStatus | undefined)[] =>
  action === 'onsiteApproval' || action === 'portalApproval'
    ? APPROVAL_DECISIONS
    : [(ESTIMATE_ACTION_STORES as Partial<Record<EstimateAction, StoredEstimateStatus>>)[action]];

/**
 * The one check of an estimate action, read from both tables: the (effective) status lists the action, and the
 * transition table allows the status it stores, if it stores one (staying put, as a re-send does, is no move).
 * `from` is every stored status that passes as well: the server's conditional write accepts only those, so a
 * change racing in between leaves it no row to change.
 */
export function estimateMove(action: EstimateAction, status: EstimateStatus, to?: StoredEstimateStatus): { allowed: boolean; from: StoredEstimateStatus[] } {
  const passes = (s: EstimateStatus) =>
    (ESTIMATE_ACTION_TABLE[s] as readonly EstimateAction[]).includes(action) && (to === undefined || to === s || canMoveEstimate(s, to));
  return { allowed: passes(status), from: STORED_ESTIMATE_STATUSES.filter(passes) };
}

/**
 * What may be done to one estimate now. A converted estimate is not converted again and not voided (its
 * invoice stands); `write` is whether the viewer may change estimates at all (read-only viewers get only
 * download, preview and view).
 */
export function estimateActions(
  estimate: { status: EstimateStatus; isConverted: boolean; isDepositRequired: boolean; depositCents: number },
  write: boolean,
): EstimateActions {
  const listed = new Set<EstimateAction>(ESTIMATE_ACTIONS.filter((a) => storedBy(a).some((to) => estimateMove(a, estimate.status, to).allowed)));
  if (!canRecordDeposit(estimate)) listed.delete('recordDeposit');
  // The customer's own answer, offered only in the portal: never an action of someone signed in to the office.
  listed.delete('portalApproval');
  if (estimate.isConverted) {
    listed.delete('convert');
    listed.delete('void');
  }
  const readOnly: readonly EstimateAction[] = ['download', 'preview', 'view'];
  return Object.fromEntries(ESTIMATE_ACTIONS.map((a) => [a, listed.has(a) && (write || readOnly.includes(a))])) as EstimateActions;
}

/**
 * Recording the deposit moves an estimate to PAID ("Deposit Paid"): only where both tables allow it (Sent,
 * Approved), when a deposit is required and above zero, and before conversion.
 */
export function canRecordDeposit(estimate: { status: EstimateStatus; isConverted: boolean; isDepositRequired: boolean; depositCents: number }): boolean {
  return estimateMove('recordDeposit', estimate.status, 'PAID').allowed && estimate.isDepositRequired && estimate.depositCents > 0 && !estimate.isConverted;
}

/** Editing a draft edits it in place; editing another editable status first copies it into a new draft. */
export function editCreatesDraftCopy(status: EstimateStatus): boolean {
  return status !== 'DRAFT' && ESTIMATE_ACTION_TABLE[status].some((a) => a === 'edit');
}

/** SENT past its due date (before today in the tenant's zone) is EXPIRED; everything else shows as stored. */
export function effectiveEstimateStatus(stored: StoredEstimateStatus, dueDate: string | null, now: Date, timeZone: string): EstimateStatus {
  if (stored === 'SENT' && dueDate && dueDate < dayIn(now, timeZone)) return 'EXPIRED';
  return stored;
}

/** Toasts and refusals, verbatim from the spec where it has them. */
export const ESTIMATE_MESSAGES = {
  editCopy: 'Now, You can edit your Estimate.',
  converted: 'Estimate converted to invoice successfully',
  convertFailed: 'Cannot convert to invoice',
  voided: 'Estimate voided successfully',
  notFound: 'Estimate not found.',
  alreadyConverted: 'This estimate has already been converted to an invoice.',
  notConvertible: 'Only an approved or deposit-paid estimate can be converted to an invoice.',
  notEditable: (label: string) => `An estimate in status ${label} cannot be edited.`,
  notDeletable: (label: string) => `An estimate in status ${label} cannot be deleted.`,
  notAllowed: (action: string, label: string) => `Cannot ${action} an estimate in status ${label}.`,
  deleted: (n: number) => `Estimate ${n} deleted successfully`,
  approvalSaved: 'Thank you! Your response has been recorded.',
  depositRecorded: 'Deposit recorded successfully',
  depositNotAllowed: 'A deposit can be recorded only on a sent or approved estimate that requires one and is not converted.',
} as const;

export const LINK_MESSAGES = {
  panelTitle: 'Linking is permanent',
  panelNote: 'Once linked, an item cannot be unlinked.',
  button: 'Link to this Job',
  success: 'Success',
  successDetail: (jobNumber: number) => `Linking to Job: ${jobNumber}`,
  successAlt: 'Job Linked successfully!',
  failed: 'Linking failed!',
  alreadyLinked: 'This item is already linked to a job. Linking is permanent.',
  voidUnlinkable: 'A void item without a job cannot be linked.',
  jobNotOpen: 'Only an open job can take new estimates or invoices.',
  otherCustomer: "The job belongs to another customer than this item's.",
  /** The same refusal, said of a row in the panel (the row names the customer it belongs to). */
  otherCustomerRow: (customer: string) => `Belongs to ${customer}, not this job's customer.`,
  noneOfCustomer: (documents: string) =>
    `This job's customer has no ${documents} to link. Other customers' ${documents} are listed below; they cannot be linked to this job.`,
} as const;

/**
 * Why a document cannot be linked to a job, or null when it can: once linked it stays linked; a void document is
 * never linked; only an open job takes documents; and only its own customer's. The server refuses with these
 * reasons and the link panel shows them on each row it cannot select.
 */
export function linkRefusal(
  document: { jobId: string | null; status: string; customerId: string; customerName?: string },
  job: { status: string; customerId: string },
): { code: 'ALREADY_LINKED' | 'VOID' | 'JOB_NOT_OPEN' | 'OTHER_CUSTOMER'; message: string; rowMessage: string } | null {
  if (document.jobId) return { code: 'ALREADY_LINKED', message: LINK_MESSAGES.alreadyLinked, rowMessage: LINK_MESSAGES.alreadyLinked };
  if (document.status === 'VOID') return { code: 'VOID', message: LINK_MESSAGES.voidUnlinkable, rowMessage: LINK_MESSAGES.voidUnlinkable };
  if (job.status !== 'OPEN') return { code: 'JOB_NOT_OPEN', message: LINK_MESSAGES.jobNotOpen, rowMessage: LINK_MESSAGES.jobNotOpen };
  if (document.customerId !== job.customerId) {
    return {
      code: 'OTHER_CUSTOMER',
      message: LINK_MESSAGES.otherCustomer,
      rowMessage: document.customerName ? LINK_MESSAGES.otherCustomerRow(document.customerName) : LINK_MESSAGES.otherCustomer,
    };
  }
  return null;
}
