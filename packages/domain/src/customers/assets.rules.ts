/**
 * Who reads which customer-site assets. The office reads every asset. A technician reads the
 * equipment at the site of a job they have a task on — by that job or by its site address — so the site's
 * equipment history is at hand on the task; never a customer's whole list or the company's. Subcontractor
 * logins and no-access staff read none.
 */
import { viewerClass, type Viewer } from '../access/roles.rules.ts';

export type AssetReadScope = 'all' | 'ownSite' | 'none';

export function assetReadScope(viewer: Pick<Viewer, 'role' | 'access'>): AssetReadScope {
  const cls = viewerClass(viewer);
  if (cls === 'admin' || cls === 'partial' || cls === 'view') return 'all';
  return cls === 'technician' ? 'ownSite' : 'none';
}

/** A technician's list must name the job or site it is for; the server then checks they work there. */
export function technicianAssetQueryAllowed(query: { jobId?: string | undefined; addressId?: string | undefined }): boolean {
  return !!(query.jobId || query.addressId);
}
