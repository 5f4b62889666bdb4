import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Capability } from '@fieldwork/domain/access/roles.rules';
import { portalLinkSchema, type PortalLink } from '@fieldwork/domain/portal/portal.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { findEstimate, findInvoice } from '../billing/documents.repository.ts';
import {
  endSessionsOfLinks,
  listPortalLinks,
  liveLinkIds,
  revokePortalLinks,
  type PortalDocumentRef,
  type PortalLinkRow,
} from '../portal-core/portal-links.repository.ts';
import type { Db } from '@fieldwork/db/connection';

const toLink = (r: PortalLinkRow): PortalLink => ({
  id: r.id,
  email: r.email,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  lastOpenedAt: r.last_opened_at,
});

type Kind = {
  path: 'estimates' | 'invoices';
  read: Capability;
  write: Capability;
  ref: (id: string) => PortalDocumentRef;
  exists: (db: Db, t: string, id: string) => Promise<unknown>;
};
const KINDS: Kind[] = [
  { path: 'estimates', read: 'estimates.read', write: 'estimates.write', ref: (id) => ({ estimateId: id }), exists: findEstimate },
  { path: 'invoices', read: 'invoices.read', write: 'invoices.write', ref: (id) => ({ invoiceId: id }), exists: findInvoice },
];

/** The office's view of a document's personal customer links, and the way to end them all at once. */
export async function portalLinksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: dataOf(z.array(portalLinkSchema)) };
  for (const kind of KINDS) {
    const tags = [kind.path];
    const linksOf = async (tenantId: string, id: string) => {
      if (!(await kind.exists(app.db, tenantId, id))) throw new AppError('NOT_FOUND', kind.path === 'estimates' ? 'Estimate not found.' : 'Invoice not found.');
      return (await listPortalLinks(app.db, tenantId, kind.ref(id))).map(toLink);
    };
    r.get(
      `/api/${kind.path}/:id/portal-links`,
      { preHandler: guard(kind.read), schema: { tags, summary: 'The personal links emailed with this document (newest first)', params: idParams, response } },
      async (request) => ({ data: await linksOf(requireAuth(request).viewer.tenantId, request.params.id) }),
    );
    r.post(
      `/api/${kind.path}/:id/portal-links/revoke`,
      { preHandler: guard(kind.write), schema: { tags, summary: 'Withdraw every live personal link of this document', params: idParams, response } },
      async (request) => {
        const { tenantId } = requireAuth(request).viewer;
        await linksOf(tenantId, request.params.id);
        // Withdrawing a link also signs out whoever opened it: a link sent to the wrong address must stop working
        // for the person who has it, not only for the next visit.
        await runTransaction(app.db, async (trx) => {
          const at = nowIso();
          const live = await liveLinkIds(trx, tenantId, kind.ref(request.params.id), at);
          await revokePortalLinks(trx, tenantId, kind.ref(request.params.id), at, 'revoked');
          await endSessionsOfLinks(
            trx,
            tenantId,
            live.map((l) => l.id),
          );
        });
        return { data: await linksOf(tenantId, request.params.id) };
      },
    );
  }
}
