import { DocumentEditorPage } from '../../shared/billing/document-editor.page';

/** /workorder/invoices/{id}/create and /workorder/invoices/new/create. */
export function InvoiceEditorPage() {
  return <DocumentEditorPage kind="invoice" />;
}
