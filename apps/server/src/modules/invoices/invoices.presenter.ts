import { INVOICE_STATUS_LABELS, invoiceActions, type InvoiceStatus, type PaymentMethod } from '@fieldwork/domain/billing/invoices.rules';
import type { Invoice, InvoiceListItem } from '@fieldwork/domain/billing/invoices.schemas';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import type { InvoicePaymentsTable } from '@fieldwork/db/schema';
import type { OnlinePay } from '@fieldwork/domain/payments/payments.schemas';
import { toOnlinePayment, type OnlinePaymentRow } from '../payments/online-payments.presenter.ts';
import type { InvoiceRow, LineRow } from '../billing/documents.repository.ts';
import { commonDto, invoiceReaderOf, marginFields, type DocumentReader } from '../billing/documents.service.ts';

function base(reader: DocumentReader, row: InvoiceRow) {
  const status = row.status as InvoiceStatus;
  return {
    invoiceNumber: row.invoice_number,
    status,
    statusLabel: INVOICE_STATUS_LABELS[status],
    deposit: centsToDollars(row.deposit_cents),
    invoiceDate: row.invoice_date,
    invoiceCustomerMessage: row.customer_message,
    invoiceCreatedBy: row.created_by ? { username: row.creator_name ?? '' } : null,
    isConvertedFromEstimate: !!row.converted_from_estimate_id,
    convertedEstimate: row.converted_from_estimate_id
      ? { id: row.converted_from_estimate_id, estimateNumber: Number(row.converted_estimate_number ?? 0) }
      : null,
    isConvertedInvoiceJob: row.previous_invoice_number !== null,
    convertedInvoiceJobinfo: row.previous_invoice_number !== null ? { previousInvoiceNumber: row.previous_invoice_number } : null,
    paidAmount: centsToDollars(row.paid_cents),
    balance: centsToDollars(row.total_cents - row.paid_cents),
    credit: centsToDollars(row.credit_cents),
    actions: invoiceActions({ status, paidCents: row.paid_cents }, reader.write),
  };
}

export function toInvoiceListItem(viewer: Viewer, row: InvoiceRow): InvoiceListItem {
  const { productServices: _lines, ...common } = commonDto(row, []);
  return { ...common, ...base(invoiceReaderOf(viewer), row) };
}

type LinkedRow = { id: string; invoice_number: number; status: string };
const refOf = (r: LinkedRow) => ({ id: r.id, invoiceNumber: r.invoice_number, status: r.status as InvoiceStatus });

export function toInvoiceDto(
  viewer: Viewer,
  row: InvoiceRow,
  lines: LineRow[],
  payments: InvoicePaymentsTable[],
  links: { from: LinkedRow | null; copies: LinkedRow[] },
  online: CardPayments,
): Invoice {
  return toInvoiceDocument(invoiceReaderOf(viewer), row, lines, payments, links, online);
}

/** The invoice's card payments and whether it can be paid online now (null: the company takes none). */
export type CardPayments = { payments: OnlinePaymentRow[]; pay: OnlinePay };

export function toInvoiceDocument(
  reader: DocumentReader,
  row: InvoiceRow,
  lines: LineRow[],
  payments: InvoicePaymentsTable[],
  links: { from: LinkedRow | null; copies: LinkedRow[] },
  online: CardPayments,
): Invoice {
  return {
    ...commonDto(row, lines),
    ...(reader.margins ? marginFields(row) : {}),
    ...base(reader, row),
    payments: payments.map((p) => ({
      id: p.id,
      amount: centsToDollars(p.amount_cents),
      paidOn: p.paid_on,
      method: p.method as PaymentMethod,
      reference: p.reference,
      createdAt: p.created_at,
    })),
    onlinePayments: online.payments.map(toOnlinePayment),
    onlinePay: online.pay,
    copiedFrom: links.from ? refOf(links.from) : null,
    copies: links.copies.map(refOf),
  };
}
