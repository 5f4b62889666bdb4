/**
 * The preview pages' buttons, shown from the record's `actions` (the server's own rule) and run through the
 * shared document actions so the toasts match the lists'.
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Ban, Calculator, CreditCard, Download, FileOutput, Pencil, PenLine, Send, Trash2, type LucideIcon } from 'lucide-react';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { Button, buttonClass } from '../../components/button';
import { useAuth } from '../../lib/auth-context';
import { RecordPaymentDialog } from './record-payment-dialog';
import { SendDocumentDialog } from './send-document-dialog';
import { TakeCardPaymentButton } from './take-card-payment-button';
import type { DocumentKind } from '../../features/billing/billing.api';
import { downloadPdf, invoiceEditOrAsk, useEstimateActions, useInvoiceActions } from './use-document-actions';
import { useRowConfirm, type ConfirmRequest } from './document-row-menu';

function PdfButton({ kind, id, number }: { kind: DocumentKind; id: string; number: number }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={pending}
      onClick={() => {
        setPending(true);
        void downloadPdf(kind, id, number).finally(() => setPending(false));
      }}
    >
      {pending ? null : <Download size={14} aria-hidden="true" />} Download PDF
    </Button>
  );
}

function Bar({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>;
}

function ActionButton({
  label,
  icon: Icon,
  onClick,
  loading,
  disabled,
  primary,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  loading?: boolean;
  disabled: boolean;
  primary?: boolean;
}) {
  return (
    <Button variant={primary ? 'primary' : 'secondary'} loading={loading} disabled={disabled} onClick={onClick}>
      {loading ? null : <Icon size={14} aria-hidden="true" />} {label}
    </Button>
  );
}

const voidRequest = (noun: string, n: number, run: ConfirmRequest['run']): ConfirmRequest => ({
  title: `Void ${noun}`,
  description: `Void ${noun} #${n}? A void ${noun} cannot be changed again.`,
  confirmLabel: 'Void',
  destructive: true,
  run,
});

const deleteRequest = (noun: string, n: number, run: ConfirmRequest['run']): ConfirmRequest => ({
  title: `Delete ${noun}`,
  description: `Delete ${noun} #${n}? This cannot be undone.`,
  confirmLabel: 'Delete',
  destructive: true,
  run,
});

export function EstimateViewActions({ estimate }: { estimate: Estimate }) {
  const navigate = useNavigate();
  const { edit, convert, void: voidIt, remove } = useEstimateActions();
  const pending = edit.isPending || convert.isPending || voidIt.isPending || remove.isPending;
  const [sending, setSending] = useState(false);
  const { ask, dialog } = useRowConfirm();
  const auth = useAuth();
  const timeZone = auth.session.company.timeZone;
  const [depositing, setDepositing] = useState(false);
  const { id, estimateNumber: n, actions } = estimate;
  const convertRequest: ConfirmRequest = {
    title: 'Convert to invoice',
    description: `Convert estimate #${n} to an invoice? An estimate is converted once.`,
    confirmLabel: 'Convert',
    run: () => convert.mutateAsync(id),
  };

  return (
    <Bar>
      {actions.download ? <PdfButton kind="estimate" id={id} number={n} /> : null}
      {actions.edit ? (
        <ActionButton label="Edit" icon={Pencil} loading={edit.isPending} disabled={pending} onClick={() => edit.mutate({ id, status: estimate.status })} />
      ) : null}
      {actions.send ? <ActionButton label="Send" icon={Send} disabled={pending} onClick={() => setSending(true)} /> : null}
      {actions.onsiteApproval ? (
        <Link to="/workorder/estimates/$id/approval" params={{ id }} className={buttonClass('secondary')}>
          <PenLine size={14} aria-hidden="true" /> Onsite Approval
        </Link>
      ) : null}
      {actions.recordDeposit ? <ActionButton label="Record Deposit" icon={CreditCard} disabled={pending} onClick={() => setDepositing(true)} /> : null}
      {auth.can('costs.write') ? (
        <Link to="/workorder/enter-estimate-details/cost-calculator" search={{ estimateId: id }} className={buttonClass('secondary')}>
          <Calculator size={14} aria-hidden="true" /> Cost Calculator
        </Link>
      ) : null}
      {actions.convert ? <ActionButton primary label="Convert to invoice" icon={FileOutput} disabled={pending} onClick={() => ask(convertRequest)} /> : null}
      {actions.void ? (
        <ActionButton label="Void" icon={Ban} disabled={pending} onClick={() => ask(voidRequest('estimate', n, () => voidIt.mutateAsync(id)))} />
      ) : null}
      {actions.delete ? (
        <ActionButton
          label="Delete"
          icon={Trash2}
          disabled={pending}
          onClick={() => ask(deleteRequest('estimate', n, () => remove.mutateAsync(id).then(() => navigate({ to: '/workorder/estimates' }))))}
        />
      ) : null}
      {dialog}
      {sending ? <SendDocumentDialog target={{ kind: 'estimate', id, number: n }} onClose={() => setSending(false)} /> : null}
      {depositing ? (
        <RecordPaymentDialog
          target={{ kind: 'deposit', id, estimateNumber: n, depositAmount: estimate.depositAmount }}
          timeZone={timeZone}
          onClose={() => setDepositing(false)}
        />
      ) : null}
    </Bar>
  );
}

export function InvoiceViewActions({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const timeZone = useAuth().session.company.timeZone;
  const { edit, remove, void: voidIt } = useInvoiceActions();
  const pending = edit.isPending || remove.isPending || voidIt.isPending;
  const [sending, setSending] = useState(false);
  const { ask, dialog } = useRowConfirm();
  const [paying, setPaying] = useState(false);
  const { id, invoiceNumber: n, actions } = invoice;

  return (
    <Bar>
      {actions.download ? <PdfButton kind="invoice" id={id} number={n} /> : null}
      {actions.recordPayment ? <ActionButton primary label="Record Payment" icon={CreditCard} disabled={pending} onClick={() => setPaying(true)} /> : null}
      <TakeCardPaymentButton invoice={invoice} disabled={pending} />
      {actions.edit ? (
        <ActionButton label="Edit" icon={Pencil} loading={edit.isPending} disabled={pending} onClick={() => invoiceEditOrAsk(invoice, edit, ask)} />
      ) : null}
      {actions.send ? <ActionButton label="Send" icon={Send} disabled={pending} onClick={() => setSending(true)} /> : null}
      {actions.void ? (
        <ActionButton label="Void" icon={Ban} disabled={pending} onClick={() => ask(voidRequest('invoice', n, () => voidIt.mutateAsync(id)))} />
      ) : null}
      {actions.delete ? (
        <ActionButton
          label="Delete"
          icon={Trash2}
          disabled={pending}
          onClick={() => ask(deleteRequest('invoice', n, () => remove.mutateAsync(id).then(() => navigate({ to: '/workorder/invoices' }))))}
        />
      ) : null}
      {dialog}
      {sending ? <SendDocumentDialog target={{ kind: 'invoice', id, number: n }} onClose={() => setSending(false)} /> : null}
      {paying ? (
        <RecordPaymentDialog
          target={{ kind: 'invoice', id, invoiceNumber: n, balance: invoice.balance }}
          timeZone={timeZone}
          onClose={() => setPaying(false)}
        />
      ) : null}
    </Bar>
  );
}
