/** The colours a document is drawn in: neutral, or the company's brand colour where it shows. */
import { COLORS } from './pdf-text-block.ts';

export type PdfTheme = { title: string; rule: string; band: string; bandText: string };

const NEUTRAL: PdfTheme = { title: COLORS.text, rule: COLORS.rule, band: COLORS.band, bandText: COLORS.text };

/** Perceived lightness 0..1 (Rec. 709 weights): decides whether text on the colour is black or white. */
function lightness(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A brand colour that is not '#rrggbb' is ignored rather than handed to pdfkit, which would throw or misdraw. */
export function themeOf(brandColor: string | null | undefined): PdfTheme {
  if (!brandColor || !/^#[0-9a-fA-F]{6}$/.test(brandColor)) return NEUTRAL;
  return { title: brandColor, rule: brandColor, band: brandColor, bandText: lightness(brandColor) < 0.6 ? COLORS.onDark : COLORS.text };
}
