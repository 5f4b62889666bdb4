import { DEFAULT_BRAND_COLOR } from '@fieldwork/domain/company/company.schemas';

/** The content of one email, all plain text: the layout escapes every piece of it. */
export type EmailContent = {
  company: {
    name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    brandColor: string | null;
    /** cid:… in a sent email, the logo's URL in a preview; null without a logo. */ logoSrc: string | null;
  };
  /** Shown by mail clients beside the subject; the message's first line when not given. */
  preheader?: string;
  /** Paragraphs separated by blank lines; single line breaks are kept. */
  message: string;
  /** Label and value lines under the message (total, due date…). */
  details?: [string, string][];
  button?: { label: string; url: string };
  /** Small print under the button: why the person got this email. */
  footnote?: string;
};

/** The logo travels as an inline attachment (cid), so it shows without loading anything from the web. */
export const LOGO_CID = 'company-logo';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Only http(s) links become buttons: a template cannot smuggle javascript: or data: into an email. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * One layout for every email: the company's name or logo and colour on top, the message, details, one button,
 * and the company's contact lines at the bottom. Tables and inline styles, as mail clients still need; a plain
 * text part with the same words and the link written out.
 */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const c = content.company;
  const color = c.brandColor ?? DEFAULT_BRAND_COLOR;
  const url = content.button ? safeUrl(content.button.url) : null;
  const contact = [c.address, c.phone, c.email].filter((v): v is string => !!v);
  const preheader = content.preheader ?? content.message.trim().split('\n')[0] ?? '';
  const header = c.logoSrc
    ? `<img src="${escapeHtml(c.logoSrc)}" alt="${escapeHtml(c.name)}" style="max-height:48px;max-width:200px;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${color}">${escapeHtml(c.name)}</span>`;
  const details = content.details?.length
    ? `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button =
    content.button && url
      ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(content.button.label)}</a></p>`
      : '';
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;color:#111">',
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>`,
    '<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:24px 24px 8px;border-bottom:3px solid ${color}">${header}</td></tr>`,
    `<tr><td style="padding:24px">${paragraphs(content.message)}${details}${button}`,
    content.footnote ? `<p style="margin:16px 0 0;font-size:12px;color:#666">${escapeHtml(content.footnote)}</p>` : '',
    '</td></tr>',
    `<tr><td style="padding:16px 24px;font-size:12px;color:#666;border-top:1px solid #e5e7eb">${escapeHtml(c.name)}${contact.map((l) => `<br>${escapeHtml(l)}`).join('')}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
  const text = [
    content.message.trim(),
    content.details?.length ? content.details.map(([l, v]) => `${l}: ${v}`).join('\n') : '',
    content.button && url ? `${content.button.label}: ${url}` : '',
    content.footnote ?? '',
    ['--', c.name, ...contact].join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { html, text };
}
