/**
 * The portal's page frame: the company's name, logo and brand colour over the page, outside the staff app's
 * shell. The brand colour becomes the pages' button colour only when white text on it stays readable (WCAG AA,
 * 4.5:1); a light brand colour still marks the header's top edge.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { PortalCompany } from '@fieldwork/domain/portal/portal.schemas';
import { PageSpinner } from '../../components/spinner';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function channels(color: string): [number, number, number] | null {
  const m = HEX.exec(color.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance as WCAG defines it. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The frame's colours: the brand as accent always, as the primary colour when white text on it reads at 4.5:1. */
export function brandStyle(brandColor: string | null | undefined): CSSProperties {
  const rgb = brandColor ? channels(brandColor) : null;
  if (!rgb || !brandColor) return {};
  const hex = brandColor.startsWith('#') ? brandColor : `#${brandColor}`;
  const readable = 1.05 / (luminance(rgb) + 0.05) >= 4.5;
  return {
    ['--portal-accent' as string]: hex,
    ...(readable ? { ['--color-primary' as string]: hex, ['--color-primary-hover' as string]: hex } : {}),
  };
}

export function CompanyMark({ company }: { company: Pick<PortalCompany, 'name' | 'logoUrl' | 'brandColor'> }) {
  if (company.logoUrl) return <img src={company.logoUrl} alt={`${company.name} logo`} className="h-10 w-auto max-w-[8rem] shrink-0 object-contain" />;
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-primary text-lg font-semibold text-white"
      style={company.brandColor ? { background: 'var(--portal-accent)' } : undefined}
    >
      {company.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export function PortalFrame({ company, aside, children }: { company: PortalCompany | null; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gray-50 text-[15px]" style={brandStyle(company?.brandColor)}>
      <header className="border-t-4 border-b border-b-border bg-white" style={{ borderTopColor: 'var(--portal-accent, var(--color-primary))' }}>
        <div className="mx-auto flex min-h-16 w-full max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-3 sm:px-6">
          {company ? (
            <div className="flex min-w-0 items-center gap-3">
              <CompanyMark company={company} />
              <p className="min-w-0 text-lg font-semibold break-words text-gray-900">{company.name}</p>
            </div>
          ) : (
            <span />
          )}
          {aside}
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">{children}</main>
    </div>
  );
}

export function PortalSpinner() {
  return (
    <div className="min-h-screen bg-gray-50">
      <PageSpinner />
    </div>
  );
}
