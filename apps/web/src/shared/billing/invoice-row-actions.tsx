import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Download, Eye, Pencil, Send } from 'lucide-react';
import { toast } from 'sonner';
import type { InvoiceListItem } from '@fieldwork/domain/billing/invoices.schemas';
import { RowActionsFrame, RowMenu, ROW_ICON_CLASS, deleteItem, documentNumberText, useRowConfirm, voidItem, type RowMenuItem } from './document-row-menu';
import { SendDocumentDialog } from './send-document-dialog';
import { downloadPdf, invoiceEditOrAsk, useInvoiceActions } from './use-document-actions';

type Row = Pick<InvoiceListItem, 'id' | 'invoiceNumber' | 'status' | 'actions'>;

/**
 * An invoice's row actions (spec: edit for Draft and Sent, view, a menu with download and delete), plus send
 * and void where the server's `actions` allow them. Delete and void are confirmed first.
 */
export function InvoiceRowActions({ row }: { row: Row }) {
  const actions = useInvoiceActions();
  const confirm = useRowConfirm();
  const n = documentNumberText(row.invoiceNumber);
  const a = row.actions;
  const [sending, setSending] = useState(false);

  const items: RowMenuItem[] = [];
  if (a.download) items.push({ key: 'download', label: 'Download', icon: Download, onSelect: () => void downloadPdf('invoice', row.id, row.invoiceNumber) });
  if (a.send) {
    items.push({
      key: 'send',
      label: 'Send',
      icon: Send,
      onSelect: () => setSending(true),
    });
  }
  if (a.void) {
    items.push(
      voidItem(confirm.ask, 'Invoice', n, 'A void invoice cannot be edited, paid or sent.', async () => {
        await actions.void.mutateAsync(row.id);
        toast.success(`Invoice ${n} voided`);
      }),
    );
  }
  if (a.delete) items.push(deleteItem(confirm.ask, 'Invoice', n, () => actions.remove.mutateAsync(row.id)));

  return (
    <RowActionsFrame>
      {a.edit ? (
        <button
          type="button"
          aria-label={`Edit invoice ${n}`}
          className={ROW_ICON_CLASS}
          disabled={actions.edit.isPending}
          onClick={() => invoiceEditOrAsk(row, actions.edit, confirm.ask)}
        >
          <Pencil size={16} aria-hidden="true" />
        </button>
      ) : null}
      {a.view ? (
        <Link to="/workorder/invoices/$id" params={{ id: row.id }} aria-label={`View invoice ${n}`} className={ROW_ICON_CLASS}>
          <Eye size={16} aria-hidden="true" />
        </Link>
      ) : null}
      <RowMenu label={`More actions for invoice ${n}`} items={items} />
      {confirm.dialog}
      {sending ? <SendDocumentDialog target={{ kind: 'invoice', id: row.id, number: row.invoiceNumber }} onClose={() => setSending(false)} /> : null}
    </RowActionsFrame>
  );
}
