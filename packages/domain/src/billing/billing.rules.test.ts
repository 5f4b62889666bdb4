import { describe, expect, it } from 'vitest';
import {
  canMoveEstimate,
  canRecordDeposit,
  editCreatesDraftCopy,
  effectiveEstimateStatus,
  ESTIMATE_MESSAGES,
  ESTIMATE_STATUS_LABELS,
  ESTIMATE_STATUSES,
  estimateActions,
  estimateMove,
  LINK_MESSAGES,
  linkRefusal,
  type EstimateStatus,
} from './estimates.rules.ts';
import { canMoveInvoice, INVOICE_MESSAGES, INVOICE_STATUS_LABELS, invoiceActions, invoiceEditCreatesDraftCopy, invoiceMove } from './invoices.rules.ts';
import { presetRange } from '../time/date-presets.rules.ts';
import { approvalBody, createEstimateBody } from './estimates.schemas.ts';
import { paymentBody } from './invoices.schemas.ts';

const NO_DEPOSIT = { isDepositRequired: false, depositCents: 0 };
const on = (a: Record<string, boolean>) =>
  Object.keys(a)
    .filter((k) => a[k])
    .sort();

describe('estimate actions per status', () => {
  it.each<[EstimateStatus, string[]]>([
    ['DRAFT', ['delete', 'download', 'edit', 'onsiteApproval', 'preview', 'send', 'void']],
    ['SENT', ['download', 'edit', 'onsiteApproval', 'preview', 'send', 'void']],
    ['EXPIRED', ['download', 'edit', 'onsiteApproval', 'preview', 'void']],
    ['APPROVED', ['convert', 'download', 'preview', 'view', 'void']],
    ['DECLINED', ['delete', 'download', 'edit', 'preview', 'void']],
    ['CHANGE_REQUEST', ['delete', 'download', 'edit', 'preview', 'void']],
    ['PAID', ['convert', 'download', 'preview', 'view', 'void']],
    ['VOID', ['download', 'preview', 'view']],
  ])('%s', (status, expected) => {
    expect(on(estimateActions({ status, isConverted: false, ...NO_DEPOSIT }, true))).toEqual(expected);
  });
  it("the customer's portal answer: only on an Open estimate, storing any of the three decisions, and never an office action", () => {
    for (const status of ESTIMATE_STATUSES) expect([status, estimateMove('portalApproval', status, 'APPROVED').allowed]).toEqual([status, status === 'SENT']);
    expect(estimateMove('portalApproval', 'SENT', 'CHANGE_REQUEST').from).toEqual(['SENT']);
    expect(ESTIMATE_STATUSES.some((status) => estimateActions({ status, isConverted: false, ...NO_DEPOSIT }, true).portalApproval)).toBe(false);
  });
  it('Record deposit on Sent and Approved estimates that require one', () => {
    const withDeposit = { isDepositRequired: true, depositCents: 2500 };
    expect(ESTIMATE_STATUSES.filter((status) => estimateActions({ status, isConverted: false, ...withDeposit }, true).recordDeposit)).toEqual([
      'SENT',
      'APPROVED',
    ]);
    expect(estimateActions({ status: 'SENT', isConverted: false, ...withDeposit }, false).recordDeposit).toBe(false);
  });
  it('a converted estimate is not converted or voided again; readers only download, preview and view', () => {
    expect(estimateActions({ status: 'APPROVED', isConverted: true, ...NO_DEPOSIT }, true)).toMatchObject({ convert: false, void: false, view: true });
    for (const status of ESTIMATE_STATUSES)
      expect(on(estimateActions({ status, isConverted: false, ...NO_DEPOSIT }, false)).every((a) => ['download', 'preview', 'view'].includes(a))).toBe(true);
  });
  it('editing a non-draft copies it into a draft, except Approved, Paid and Void (view)', () => {
    expect(ESTIMATE_STATUSES.filter(editCreatesDraftCopy)).toEqual(['SENT', 'DECLINED', 'CHANGE_REQUEST', 'EXPIRED']);
  });
  it('moves only along the table; void is final', () => {
    expect(canMoveEstimate('DRAFT', 'SENT')).toBe(true);
    expect(canMoveEstimate('EXPIRED', 'APPROVED')).toBe(true);
    expect(canMoveEstimate('APPROVED', 'SENT')).toBe(false);
    expect(canMoveEstimate('DECLINED', 'APPROVED')).toBe(false);
    for (const to of ['DRAFT', 'SENT', 'APPROVED', 'PAID', 'VOID'] as const) expect(canMoveEstimate('VOID', to)).toBe(false);
  });
  it('labels and messages are the spec text', () => {
    expect(ESTIMATE_STATUS_LABELS).toMatchObject({ SENT: 'Open', PAID: 'Deposit Paid', CHANGE_REQUEST: 'Change Request' });
    expect(ESTIMATE_MESSAGES).toMatchObject({
      editCopy: 'Now, You can edit your Estimate.',
      converted: 'Estimate converted to invoice successfully',
      convertFailed: 'Cannot convert to invoice',
      voided: 'Estimate voided successfully',
    });
    expect(LINK_MESSAGES.successDetail(1042)).toBe('Linking to Job: 1042');
    expect([LINK_MESSAGES.panelTitle, LINK_MESSAGES.success, LINK_MESSAGES.failed]).toEqual(['Linking is permanent', 'Success', 'Linking failed!']);
  });
});

describe('expiry in the tenant zone', () => {
  // 2026-03-10T20:00Z is 10 March in New York and already 11 March in Kolkata.
  const now = new Date('2026-03-10T20:00:00Z');
  it('a sent estimate due before today (tenant zone) is EXPIRED', () => {
    expect(effectiveEstimateStatus('SENT', '2026-03-10', now, 'America/New_York')).toBe('SENT');
    expect(effectiveEstimateStatus('SENT', '2026-03-10', now, 'Asia/Kolkata')).toBe('EXPIRED');
    expect(effectiveEstimateStatus('SENT', null, now, 'Asia/Kolkata')).toBe('SENT');
    expect(effectiveEstimateStatus('APPROVED', '2020-01-01', now, 'Asia/Kolkata')).toBe('APPROVED');
  });
});

describe('invoice actions per status', () => {
  it('edit for Draft and Sent, delete for Draft only, payments on Sent', () => {
    expect(on(invoiceActions({ status: 'DRAFT', paidCents: 0 }, true))).toEqual(['delete', 'download', 'edit', 'send', 'view', 'void']);
    expect(on(invoiceActions({ status: 'SENT', paidCents: 0 }, true))).toEqual(['download', 'edit', 'recordPayment', 'view', 'void']);
    expect(on(invoiceActions({ status: 'SENT', paidCents: 1 }, true))).toEqual(['download', 'edit', 'recordPayment', 'view']);
    expect(on(invoiceActions({ status: 'PAID', paidCents: 1 }, true))).toEqual(['download', 'view']);
    expect(on(invoiceActions({ status: 'VOID', paidCents: 0 }, true))).toEqual(['download', 'view']);
    expect(on(invoiceActions({ status: 'DRAFT', paidCents: 0 }, false))).toEqual(['download', 'view']);
  });
  it('moves only along the table', () => {
    expect(canMoveInvoice('DRAFT', 'SENT')).toBe(true);
    expect(canMoveInvoice('SENT', 'PAID')).toBe(true);
    expect(canMoveInvoice('PAID', 'SENT')).toBe(false);
    expect(canMoveInvoice('DRAFT', 'PAID')).toBe(false);
    expect(invoiceEditCreatesDraftCopy('SENT')).toBe(true);
    expect(invoiceEditCreatesDraftCopy('DRAFT')).toBe(false);
  });
  it('labels and messages', () => {
    expect(INVOICE_STATUS_LABELS.SENT).toBe('Open');
    expect(INVOICE_MESSAGES.deleted(1007)).toBe('Invoice 1007 deleted successfully');
    expect(INVOICE_MESSAGES.editCopy).toBe('Now, You can edit your Invoice.');
  });
});

describe('the statuses each action starts from, read from both tables (the server writes only from these)', () => {
  it('estimates', () => {
    expect(estimateMove('send', 'DRAFT', 'SENT').from).toEqual(['DRAFT', 'SENT']);
    expect(estimateMove('void', 'DRAFT', 'VOID').from).toEqual(['DRAFT', 'SENT', 'APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'PAID']);
    expect(estimateMove('onsiteApproval', 'DRAFT', 'DECLINED').from).toEqual(['DRAFT', 'SENT']);
    expect(estimateMove('recordDeposit', 'SENT', 'PAID').from).toEqual(['SENT', 'APPROVED']);
    expect(estimateMove('delete', 'DRAFT').from).toEqual(['DRAFT', 'DECLINED', 'CHANGE_REQUEST']);
    expect(estimateMove('convert', 'PAID').from).toEqual(['APPROVED', 'PAID']);
  });
  it('an expired estimate (stored SENT) is judged by its effective status', () => {
    expect(estimateMove('send', 'EXPIRED', 'SENT').allowed).toBe(false);
    expect(estimateMove('void', 'EXPIRED', 'VOID').allowed).toBe(true);
    expect(estimateMove('onsiteApproval', 'EXPIRED', 'APPROVED').allowed).toBe(true);
    expect(estimateMove('recordDeposit', 'EXPIRED', 'PAID').allowed).toBe(false);
  });
  it('invoices', () => {
    expect(invoiceMove('send', 'DRAFT', 'SENT')).toEqual({ allowed: true, from: ['DRAFT'] });
    expect(invoiceMove('void', 'PAID', 'VOID')).toEqual({ allowed: false, from: ['DRAFT', 'SENT'] });
    expect(invoiceMove('recordPayment', 'SENT', 'PAID')).toEqual({ allowed: true, from: ['SENT'] });
    expect(invoiceMove('delete', 'SENT')).toEqual({ allowed: false, from: ['DRAFT'] });
  });
});

describe('created-on presets in the tenant zone', () => {
  it('this month and last quarter in Kolkata', () => {
    const now = new Date('2026-04-30T20:00:00Z'); // 1 May 01:30 in Kolkata
    expect(presetRange('this_month', now, 'Asia/Kolkata')).toEqual({ start: '2026-04-30T18:30:00.000Z', end: '2026-05-31T18:30:00.000Z' });
    expect(presetRange('last_quarter', now, 'Asia/Kolkata')).toEqual({ start: '2025-12-31T18:30:00.000Z', end: '2026-03-31T18:30:00.000Z' });
    expect(presetRange('this_year', now, 'UTC')).toEqual({ start: '2026-01-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
    expect(presetRange('last_week', new Date('2026-03-11T12:00:00Z'), 'UTC')).toEqual({ start: '2026-03-01T00:00:00.000Z', end: '2026-03-08T00:00:00.000Z' });
  });
});

describe('schemas', () => {
  const body = (lines: unknown[], info: object = {}) => ({
    jobInfo: { type: 'NonJob', accountId: crypto.randomUUID() },
    estimateInfo: info,
    productServices: lines,
  });
  it('turns dollars into cents and quantities into thousandths; ignores client totals', () => {
    const parsed = createEstimateBody.parse(
      body([{ name: 'Pump', qty: 1.5, rate: 19.99, isTaxable: true, taxPercent: 8.875, total: 999 }], {
        freight: 10,
        depositAmount: 5.5,
        isDepositRequired: true,
        totalAmount: 1,
      }),
    );
    expect(parsed.productServices[0]).toMatchObject({ qty: 1500, rate: 1999, taxPercent: 8875 });
    expect(parsed.estimateInfo).toMatchObject({ freight: 1000, depositAmount: 550 });
    expect(parsed.mode).toBe('Draft');
  });
  it('refuses more places, out-of-bound values and too many lines with field messages', () => {
    const msg = (b: unknown) => createEstimateBody.safeParse(b).error?.issues.map((i) => i.message);
    expect(msg(body([{ name: 'x', qty: 1, rate: 1.001 }]))).toEqual(['Rate can have at most 2 decimal places.']);
    expect(msg(body([{ name: 'x', qty: 1.0001, rate: 1 }]))).toEqual(['Quantity can have at most 3 decimal places.']);
    expect(msg(body([{ name: 'x', qty: 100_001, rate: 1 }]))?.[0]).toContain('Quantity must be between');
    expect(msg(body([{ name: 'x', qty: 1, rate: 10_000_000.01 }]))?.[0]).toContain('Rate must be between');
    expect(msg(body([{ name: 'x', qty: 1, rate: 1, taxPercent: 100.5 }]))?.[0]).toContain('Tax % must be between');
    expect(msg(body([{ name: ' ', qty: 1, rate: 1 }]))).toEqual(['Product/Service Name is mandatory.']);
    expect(msg(body(Array.from({ length: 201 }, () => ({ name: 'x', qty: 1, rate: 1 })))))?.toEqual(['At most 200 products/services per document.']);
    expect(msg({ jobInfo: { type: 'Existing', accountId: crypto.randomUUID() }, estimateInfo: {}, productServices: [] })).toEqual([
      'Job is mandatory for an existing job.',
    ]);
  });
  it('payments are positive amounts with 2 places', () => {
    expect(paymentBody.parse({ amount: 10.5, paidOn: '2026-03-01', method: 'CASH' }).amount).toBe(1050);
    expect(paymentBody.safeParse({ amount: 0, paidOn: '2026-03-01', method: 'CASH' }).success).toBe(false);
    expect(paymentBody.safeParse({ amount: 1.005, paidOn: '2026-03-01', method: 'CASH' }).success).toBe(false);
  });
  it('the signature is a bounded PNG data URL, bounded in pixels by its header', () => {
    const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    const header = (w: number, h: number) =>
      String.fromCharCode(
        0x89,
        0x50,
        0x4e,
        0x47,
        0x0d,
        0x0a,
        0x1a,
        0x0a,
        ...be32(13),
        ...[...'IHDR'].map((c) => c.charCodeAt(0)),
        ...be32(w),
        ...be32(h),
        8,
        6,
        0,
        0,
        0,
        1,
        2,
        3,
        4,
      );
    const png = 'data:image/png;base64,' + btoa(header(1170, 600));
    expect(approvalBody.safeParse({ decision: 'APPROVED', signerName: 'Ann', signature: png }).success).toBe(true);
    const bomb = approvalBody.safeParse({ decision: 'APPROVED', signerName: 'Ann', signature: 'data:image/png;base64,' + btoa(header(7000, 7000)) });
    expect(bomb.error?.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^The image is 7,000 × 7,000 pixels; signature images may be at most 4,000,000 pixels/),
    ]);
    const headerless = 'data:image/png;base64,' + btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4));
    expect(approvalBody.safeParse({ decision: 'APPROVED', signerName: 'Ann', signature: headerless }).error?.issues[0]?.message).toBe(
      'Signature must be a PNG image (data URL).',
    );
    expect(approvalBody.safeParse({ decision: 'APPROVED', signerName: 'Ann', signature: 'data:image/png;base64,' + btoa('GIF89a-not-png') }).success).toBe(
      false,
    );
    expect(approvalBody.safeParse({ decision: 'APPROVED', signerName: 'Ann', signature: png + 'A'.repeat(300_000) }).success).toBe(false);
    expect(approvalBody.safeParse({ decision: 'CHANGE_REQUEST', signerName: 'Ann', signature: png }).error?.issues[0]?.message).toBe(
      'Please describe the change you need.',
    );
  });
});

describe('recording an estimate deposit', () => {
  const base = { isConverted: false, isDepositRequired: true, depositCents: 5000 };
  it.each<[EstimateStatus, boolean]>(ESTIMATE_STATUSES.map((s) => [s, s === 'SENT' || s === 'APPROVED']))('%s → %s', (status, allowed) => {
    expect(canRecordDeposit({ ...base, status })).toBe(allowed);
  });
  it('needs a required deposit above zero and an estimate not converted', () => {
    expect(canRecordDeposit({ ...base, status: 'SENT', isDepositRequired: false })).toBe(false);
    expect(canRecordDeposit({ ...base, status: 'SENT', depositCents: 0 })).toBe(false);
    expect(canRecordDeposit({ ...base, status: 'APPROVED', isConverted: true })).toBe(false);
  });
});

describe('editing an invoice past draft says what happens first', () => {
  it('names the original, its status and the new draft', () => {
    expect(INVOICE_MESSAGES.editCopyConfirm(31, 'PAID')).toBe('Invoice #31 is paid and stays as it is. Editing creates a new draft invoice copied from it.');
    expect(INVOICE_MESSAGES.editCopyConfirm(7, 'SENT')).toBe('Invoice #7 is open and stays as it is. Editing creates a new draft invoice copied from it.');
  });
});

describe('linkRefusal: why a document cannot be linked to a job (server and panel alike)', () => {
  const job = { status: 'OPEN', customerId: 'c1' };
  it.each([
    ['linkable', { jobId: null, status: 'SENT', customerId: 'c1' }, job, null],
    ['already linked', { jobId: 'j2', status: 'SENT', customerId: 'c1' }, job, 'ALREADY_LINKED'],
    ['void', { jobId: null, status: 'VOID', customerId: 'c1' }, job, 'VOID'],
    ['job not open', { jobId: null, status: 'SENT', customerId: 'c1' }, { status: 'CLOSED', customerId: 'c1' }, 'JOB_NOT_OPEN'],
    ['another customer', { jobId: null, status: 'DRAFT', customerId: 'c2', customerName: 'Contoso' }, job, 'OTHER_CUSTOMER'],
  ] as const)('%s', (_name, document, target, code) => {
    expect(linkRefusal(document, target)?.code ?? null).toBe(code);
  });
  it('names the other customer on the row', () => {
    expect(linkRefusal({ jobId: null, status: 'SENT', customerId: 'c2', customerName: 'Contoso' }, job)).toMatchObject({
      message: LINK_MESSAGES.otherCustomer,
      rowMessage: "Belongs to Contoso, not this job's customer.",
    });
  });
});
