import { Link, useNavigate } from '@tanstack/react-router';
import { Download, Eye, FileOutput, FileSearch, Pencil, PenLine } from 'lucide-react';
import type { EstimateListItem } from '@fieldwork/domain/billing/estimates.schemas';
import {
  RowActionsFrame,
  RowMenu,
  ROW_ICON_CLASS,
  confirmedItem,
  deleteItem,
  documentNumberText,
  useRowConfirm,
  voidItem,
  type RowMenuItem,
} from './document-row-menu';
import { downloadPdf, useEstimateActions } from './use-document-actions';

type Row = Pick<EstimateListItem, 'id' | 'estimateNumber' | 'status' | 'actions'>;

/**
 * An estimate's row actions, shown as the server's `actions` allow: the edit icon (the view icon for
 * Approved, Paid and Void), and a menu with Download, Preview, Onsite Approval, Convert to invoice, Void
 * and Delete (the last three confirmed first).
 */
export function EstimateRowActions({ row }: { row: Row }) {
  const navigate = useNavigate();
  const actions = useEstimateActions();
  const confirm = useRowConfirm();
  const n = documentNumberText(row.estimateNumber);
  const a = row.actions;

  const items: RowMenuItem[] = [];
  if (a.download) items.push({ key: 'download', label: 'Download', icon: Download, onSelect: () => void downloadPdf('estimate', row.id, row.estimateNumber) });
  if (a.preview)
    items.push({
      key: 'preview',
      label: 'Preview',
      icon: FileSearch,
      onSelect: () => void navigate({ to: '/workorder/estimates/$id', params: { id: row.id } }),
    });
  if (a.onsiteApproval) {
    items.push({
      key: 'approval',
      label: 'Onsite Approval',
      icon: PenLine,
      onSelect: () => void navigate({ to: '/workorder/estimates/$id/approval', params: { id: row.id } }),
    });
  }
  const ask = confirm.ask;
  if (a.convert) {
    items.push(
      confirmedItem(ask, 'convert', 'Convert to invoice', FileOutput, {
        title: 'Convert to invoice?',
        description: `Estimate ${n} will become a new draft invoice. An estimate can be converted only once.`,
        confirmLabel: 'Convert',
        run: () => actions.convert.mutateAsync(row.id),
      }),
    );
  }
  if (a.void) items.push(voidItem(ask, 'Estimate', n, 'A void estimate cannot be edited, sent or converted.', () => actions.void.mutateAsync(row.id)));
  if (a.delete) items.push(deleteItem(ask, 'Estimate', n, () => actions.remove.mutateAsync(row.id)));

  return (
    <RowActionsFrame>
      {a.edit ? (
        <button
          type="button"
          aria-label={`Edit estimate ${n}`}
          className={ROW_ICON_CLASS}
          disabled={actions.edit.isPending}
          onClick={() => actions.edit.mutate({ id: row.id, status: row.status })}
        >
          <Pencil size={16} aria-hidden="true" />
        </button>
      ) : a.view ? (
        <Link to="/workorder/estimates/$id" params={{ id: row.id }} aria-label={`View estimate ${n}`} className={ROW_ICON_CLASS}>
          <Eye size={16} aria-hidden="true" />
        </Link>
      ) : null}
      <RowMenu label={`More actions for estimate ${n}`} items={items} />
      {confirm.dialog}
    </RowActionsFrame>
  );
}
