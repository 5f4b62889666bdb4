import { describe, expect, it } from 'vitest';
import { assetAgeBand, assetAgeCutoffs, assetAgeYears } from './assets.schemas.ts';
import { assetReadScope, technicianAssetQueryAllowed } from './assets.rules.ts';

describe('asset age', () => {
  it.each([
    ['2021-11-22', '2026-11-22', 5, 'FROM_5_TO_10'],
    ['2021-11-23', '2026-11-22', 4, 'UNDER_5'],
    ['2016-11-22', '2026-11-22', 10, 'FROM_10_TO_15'],
    ['2016-11-23', '2026-11-22', 9, 'FROM_5_TO_10'],
    ['2011-11-22', '2026-11-22', 15, 'OVER_15'],
    ['2011-11-23', '2026-11-22', 14, 'FROM_10_TO_15'],
    ['2026-11-22', '2026-11-22', 0, 'UNDER_5'],
    ['1990-01-01', '2026-11-22', 36, 'OVER_15'],
    // A 29 February install turns a year older on 1 March in common years.
    ['2020-02-29', '2025-02-28', 4, 'UNDER_5'],
    ['2020-02-29', '2025-03-01', 5, 'FROM_5_TO_10'],
  ] as const)('installed %s, today %s: %i years, %s', (installed, today, years, band) => {
    expect(assetAgeYears(installed, today)).toBe(years);
    expect(assetAgeBand(installed, today)).toBe(band);
  });

  it('has no band without an install date', () => {
    expect(assetAgeBand(null, '2026-11-22')).toBe('UNKNOWN');
  });
});

describe('asset read scope', () => {
  it.each([
    ['Admin', 'fullAccess', 'all'],
    ['Staff', 'partialAccess', 'all'],
    ['Staff', 'onlyViewAccess', 'all'],
    ['Staff', 'noAccess', 'none'],
    ['Technician', 'noAccess', 'ownSite'],
    ['Tech Access', 'fullAccess', 'ownSite'],
    ['SubContractor', 'noAccess', 'none'],
  ] as const)('%s with %s reads %s', (role, access, scope) => {
    expect(assetReadScope({ role, access })).toBe(scope);
  });

  it('asks a technician for a job or a site', () => {
    expect(technicianAssetQueryAllowed({})).toBe(false);
    expect(technicianAssetQueryAllowed({ jobId: 'j' })).toBe(true);
    expect(technicianAssetQueryAllowed({ addressId: 'a' })).toBe(true);
  });
});

describe('assetAgeCutoffs', () => {
  /** The band SQL reads from the cutoffs (assets.repository.ts), to compare with assetAgeBand. */
  const bandByCutoffs = (installDate: string, today: string) => {
    const c = assetAgeCutoffs(today);
    if (installDate > c.years5) return 'UNDER_5';
    if (installDate > c.years10) return 'FROM_5_TO_10';
    if (installDate > c.years15) return 'FROM_10_TO_15';
    return 'OVER_15';
  };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('gives the band assetAgeBand gives for every install date of 20 years, on ordinary days, anniversaries and Feb 29', () => {
    for (const today of ['2026-11-22', '2028-02-29', '2027-02-28', '2026-03-01', '2026-01-01', '2026-12-31']) {
      const end = Date.parse(today);
      for (let ms = end - 20 * 366 * 86_400_000; ms <= end; ms += 86_400_000) {
        const installed = day(ms);
        expect(bandByCutoffs(installed, today), `${installed} on ${today}`).toBe(assetAgeBand(installed, today));
      }
    }
  });

  it('puts the day exactly five years back in 5–10y and the day after in <5y', () => {
    expect(assetAgeCutoffs('2026-11-22')).toEqual({ years5: '2021-11-22', years10: '2016-11-22', years15: '2011-11-22' });
    expect(bandByCutoffs('2021-11-22', '2026-11-22')).toBe('FROM_5_TO_10');
    expect(bandByCutoffs('2021-11-23', '2026-11-22')).toBe('UNDER_5');
  });
});
