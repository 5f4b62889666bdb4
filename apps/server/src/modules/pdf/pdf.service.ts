import type { Db } from '@fieldwork/db/connection';
import { pdfFileName } from '@fieldwork/domain/billing/documents.rules';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import type { PdfCompany } from '@fieldwork/pdf/document-pdf';
import { companyBranding } from '../company/company-logo.service.ts';
import { getEstimate, type Ctx } from '../estimates/estimates.service.ts';
import { getInvoice } from '../invoices/invoices.service.ts';
import type { PdfRenderer } from './pdf-renderer.ts';

export type RenderedPdf = { body: Buffer; fileName: string };
export type PdfCtx = Ctx & { pdf: PdfRenderer };

/**
 * The document is read through the same service as GET /api/{estimates,invoices}/:id, so tenant isolation,
 * 404s and the effective status (an expired estimate) are exactly what the screens get.
 */
export const estimatePdf = async (ctx: PdfCtx, id: string): Promise<RenderedPdf> => renderEstimatePdf(renderCtx(ctx), await getEstimate(ctx, id));
export const invoicePdf = async (ctx: PdfCtx, id: string): Promise<RenderedPdf> => renderInvoicePdf(renderCtx(ctx), await getInvoice(ctx, id));

/** A document already read (and checked) by its caller, rendered in the company's zone. */
export type RenderCtx = { db: Db; pdf: PdfRenderer; tenantId: string; timeZone: string };
const renderCtx = (ctx: PdfCtx): RenderCtx => ({ db: ctx.db, pdf: ctx.pdf, tenantId: ctx.viewer.tenantId, timeZone: ctx.timeZone });

export async function renderEstimatePdf(ctx: RenderCtx, estimate: Estimate): Promise<RenderedPdf> {
  const company = await companyOf(ctx);
  const body = await ctx.pdf.render(ctx.tenantId, { kind: 'estimate', document: estimate, company, timeZone: ctx.timeZone });
  return { body, fileName: pdfFileName('estimate', estimate.estimateNumber) };
}

export async function renderInvoicePdf(ctx: RenderCtx, invoice: Invoice): Promise<RenderedPdf> {
  const company = await companyOf(ctx);
  const body = await ctx.pdf.render(ctx.tenantId, { kind: 'invoice', document: invoice, company, timeZone: ctx.timeZone });
  return { body, fileName: pdfFileName('invoice', invoice.invoiceNumber) };
}

/** What the company shows of itself (Settings → Company): contact lines, logo and brand colour. */
async function companyOf(ctx: RenderCtx): Promise<PdfCompany> {
  const b = await companyBranding(ctx.db, ctx.tenantId);
  return { name: b.name, address: b.address, phone: b.phone, email: b.email, brandColor: b.brandColor, logo: b.logo ? { data: b.logo.data } : null };
}
