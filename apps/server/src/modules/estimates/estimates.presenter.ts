import {
  ESTIMATE_STATUS_LABELS,
  effectiveEstimateStatus,
  estimateActions,
  type ApprovalDecision,
  type StoredEstimateStatus,
} from '@fieldwork/domain/billing/estimates.rules';
import type { Estimate, EstimateListItem } from '@fieldwork/domain/billing/estimates.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import type { PaymentMethod } from '@fieldwork/domain/billing/invoices.rules';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import type { EstimateRow, LineRow } from '../billing/documents.repository.ts';
import { commonDto, estimateReaderOf, marginFields, type DocumentReader } from '../billing/documents.service.ts';

function base(reader: DocumentReader, row: EstimateRow, now: Date, timeZone: string) {
  const status = effectiveEstimateStatus(row.status as StoredEstimateStatus, row.due_date, now, timeZone);
  const isConverted = !!row.converted_invoice_id;
  return {
    estimateNumber: row.estimate_number,
    status,
    statusLabel: ESTIMATE_STATUS_LABELS[status],
    estimateDate: row.estimate_date,
    estimateCustomerMessage: row.customer_message,
    isConverted,
    convertedInvoice: row.converted_invoice_id ? { id: row.converted_invoice_id, invoiceNumber: Number(row.converted_invoice_number ?? 0) } : null,
    isConvertedJobEstimate: row.previous_estimate_number !== null,
    convertedJobEstimateInfo: row.previous_estimate_number !== null ? { previousEstimateNumber: row.previous_estimate_number } : null,
    depositPayment: row.deposit_paid_on
      ? {
          amount: centsToDollars(row.deposit_cents),
          paidOn: row.deposit_paid_on,
          method: row.deposit_method as PaymentMethod,
          reference: row.deposit_reference ?? null,
        }
      : null,
    actions: estimateActions({ status, isConverted, isDepositRequired: row.deposit_required === 1, depositCents: row.deposit_cents }, reader.write),
  };
}

export function toEstimateListItem(viewer: Viewer, row: EstimateRow, now: Date, timeZone: string): EstimateListItem {
  const { productServices: _lines, ...common } = commonDto(row, []);
  return { ...common, ...base(estimateReaderOf(viewer), row, now, timeZone) };
}

/** Margins only for office readers (estimates.read is office-only today; the check stays if field roles gain reads). */
export function toEstimateDto(viewer: Viewer, row: EstimateRow, lines: LineRow[], now: Date, timeZone: string): Estimate {
  return toEstimateDocument(estimateReaderOf(viewer), row, lines, now, timeZone);
}

export function toEstimateDocument(reader: DocumentReader, row: EstimateRow, lines: LineRow[], now: Date, timeZone: string): Estimate {
  return {
    ...commonDto(row, lines),
    ...(reader.margins ? marginFields(row) : {}),
    ...base(reader, row, now, timeZone),
    approval: row.approval_decision
      ? {
          decision: row.approval_decision as ApprovalDecision,
          signerName: row.approval_name ?? '',
          signedAt: row.approval_at ?? '',
          signerIp: row.approval_ip,
          comment: row.approval_comment,
          signature: row.approval_signature,
          via: row.approval_via === 'portal' ? 'portal' : 'onsite',
          userAgent: row.approval_user_agent ?? null,
          typedSignature: row.approval_signature_text ?? null,
          documentHash: row.approval_document_hash ?? null,
        }
      : null,
  };
}
