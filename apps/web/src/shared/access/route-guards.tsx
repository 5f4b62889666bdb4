import type { ReactNode } from 'react';
import type { Capability } from '@fieldwork/domain/roles';
import { NoAccessPanel } from '../../components/no-access-panel';
import { useAuth } from '../../lib/auth-context';

export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  return useAuth().can(capability) ? <>{children}</> : <NoAccessPanel />;
}

/**
 * Work-order pages: office users need work-order access (noAccess sees the panel). Technicians and
 * subcontractors work on their own tasks, so only the task and scheduler pages let them in.
 */
export function WorkOrderPage({ fieldRoles = 'deny', children }: { fieldRoles?: 'allow' | 'deny'; children: ReactNode }) {
  const auth = useAuth();
  const field = auth.viewerClass === 'technician' || auth.viewerClass === 'subcontractor';
  const allowed = field ? fieldRoles === 'allow' : auth.can('workorder.view');
  return allowed ? <>{children}</> : <NoAccessPanel />;
}
