import type { ReactNode } from 'react';
import type { Capability } from '@fieldwork/domain/access/roles.rules';
import { NoAccessPanel } from '../../components/no-access-panel';
import { useAuth, type Auth } from '../../lib/auth-context';

export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  return useAuth().can(capability) ? <>{children}</> : <NoAccessPanel />;
}

/**
 * Work-order pages: office users need work-order access (noAccess sees the panel). Technicians and
 * subcontractors work on their own tasks, so only the task and scheduler pages let them in.
 */
export function WorkOrderPage({ fieldRoles = 'deny', children }: { fieldRoles?: 'allow' | 'deny'; children: ReactNode }) {
  return canOpenWorkOrderPage(useAuth(), fieldRoles) ? <>{children}</> : <NoAccessPanel />;
}

/** The guard's own test, shared with the sidebar so it never links to a page that would only say "no access". */
export function canOpenWorkOrderPage(auth: Pick<Auth, 'viewerClass' | 'can'>, fieldRoles: 'allow' | 'deny' = 'deny'): boolean {
  const field = auth.viewerClass === 'technician' || auth.viewerClass === 'subcontractor';
  return field ? fieldRoles === 'allow' : auth.can('workorder.view');
}
