import type { DocumentKind } from './billing.api';

export type LinkToJobPanelProps = {
  kind: DocumentKind;
  job: { id: string; jobNumber: number; customerId: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

// Placeholder until the panel lands (issue 8, in progress): renders nothing.
export function LinkToJobPanel(_props: LinkToJobPanelProps) {
  return null;
}
