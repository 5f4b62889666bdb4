import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { LOGO_MAX_BYTES, type Company } from '@fieldwork/domain/company/company.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { deleteFile, findFile, insertFile } from '../files/files.repository.ts';
import { readImageUpload } from '../files/image-upload.ts';
import { findTenant, setTenantLogo, type TenantRow } from '../account-core/company.repository.ts';
import { getCompany } from './company.service.ts';
import { logoUrlOf } from '../account-core/company.presenter.ts';

/** What documents and messages show of the company: contact lines, colour and the logo's bytes. */
export type CompanyBranding = {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  brandColor: string | null;
  logo: { data: Buffer; contentType: string } | null;
  /** Where the web shows it (a preview); emails carry the bytes instead. */
  logoUrl: string | null;
};

/**
 * PNG or JPEG only: a logo is embedded in PDFs (pdfkit draws no WebP or GIF) and in emails (several mail
 * clients show no WebP). Its pixel size is checked from the header before anything decodes it.
 */
export async function setCompanyLogo(db: Db, viewer: Viewer, request: FastifyRequest): Promise<Company> {
  const { data, type } = await readImageUpload(request, {
    maxBytes: LOGO_MAX_BYTES,
    use: 'logo',
    types: ['image/png', 'image/jpeg'],
    typeMessage: 'The logo must be a PNG or JPEG image.',
  });
  await replaceLogo(db, viewer, { data, type });
  return getCompany(db, viewer.tenantId);
}

export async function removeCompanyLogo(db: Db, viewer: Viewer): Promise<Company> {
  await replaceLogo(db, viewer, null);
  return getCompany(db, viewer.tenantId);
}

async function replaceLogo(db: Db, viewer: Viewer, logo: { data: Buffer; type: string } | null): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const fileId = logo ? randomUUID() : null;
    if (logo && fileId) await insertFile(trx, viewer.tenantId, { id: fileId, contentType: logo.type, data: logo.data, createdBy: viewer.userId, now });
    const previous = await setTenantLogo(trx, viewer.tenantId, fileId, now);
    if (previous) await deleteFile(trx, viewer.tenantId, previous);
  });
}

export async function getCompanyLogo(db: Db, tenantId: string): Promise<{ data: Buffer; contentType: string }> {
  const tenant = await findTenant(db, tenantId);
  const file = tenant?.logo_file_id ? await findFile(db, tenantId, tenant.logo_file_id) : undefined;
  if (!file) throw new AppError('NOT_FOUND', 'This company has no logo.');
  return { data: Buffer.from(file.data), contentType: file.content_type };
}

/** `known`: the company's row when the caller has just read it in the same transaction (one read fewer). */
export async function companyBranding(db: Db, tenantId: string, known?: TenantRow): Promise<CompanyBranding> {
  const tenant = known ?? (await findTenant(db, tenantId));
  if (!tenant) throw new AppError('NOT_FOUND');
  const logo = tenant.logo_file_id ? await findFile(db, tenantId, tenant.logo_file_id) : undefined;
  return {
    name: tenant.name,
    email: tenant.email,
    phone: tenant.phone,
    address: tenant.address,
    brandColor: tenant.brand_color,
    logo: logo ? { data: Buffer.from(logo.data), contentType: logo.content_type } : null,
    logoUrl: logo ? logoUrlOf(logo.id) : null,
  };
}
