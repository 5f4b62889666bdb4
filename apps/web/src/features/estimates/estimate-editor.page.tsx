import { DocumentEditorPage } from '../../shared/billing/document-editor.page';

/** /workorder/estimates/{id}/create and /workorder/estimates/new/create. */
export function EstimateEditorPage() {
  return <DocumentEditorPage kind="estimate" />;
}
