import { pdfFileName } from '@fieldwork/domain/billing/documents.rules';
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
export async function estimatePdf(ctx: PdfCtx, id: string): Promise<RenderedPdf> {
  const estimate = await getEstimate(ctx, id);
  const company = await companyOf(ctx);
  const body = await ctx.pdf.render(ctx.viewer.tenantId, { kind: 'estimate', document: estimate, company, timeZone: ctx.timeZone });
  return { body, fileName: pdfFileName('estimate', estimate.estimateNumber) };
}

export async function invoicePdf(ctx: PdfCtx, id: string): Promise<RenderedPdf> {
  const invoice = await getInvoice(ctx, id);
  const company = await companyOf(ctx);
  const body = await ctx.pdf.render(ctx.viewer.tenantId, { kind: 'invoice', document: invoice, company, timeZone: ctx.timeZone });
  return { body, fileName: pdfFileName('invoice', invoice.invoiceNumber) };
}

/** What the company shows of itself (Settings → Company): contact lines, logo and brand colour. */
async function companyOf(ctx: Ctx): Promise<PdfCompany> {
  const b = await companyBranding(ctx.db, ctx.viewer.tenantId);
  return { name: b.name, address: b.address, phone: b.phone, email: b.email, brandColor: b.brandColor, logo: b.logo ? { data: b.logo.data } : null };
}
