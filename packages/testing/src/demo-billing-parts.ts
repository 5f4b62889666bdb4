import { computeTotals, type DocumentTotals } from '@fieldwork/domain/common/money.rules';
import { dataUrlOf, pngImage } from './image-samples.ts';

/** NYC combined sales tax, in thousandths of a percent. */
export const DEMO_TAX_MILLI = 8875;

export type DemoCatalogueItem = {
  name: string;
  description: string | null;
  rateCents: number;
  taxable: boolean;
  active: boolean;
  unit: 'each' | 'hour' | 'foot';
};

/** The demo's products & services: labor and visits untaxed, materials and equipment taxed; one retired item. */
export const DEMO_CATALOGUE: readonly DemoCatalogueItem[] = [
  { name: 'Service call', description: 'Diagnostic visit, first half hour included.', rateCents: 12_900, taxable: false, active: true, unit: 'each' },
  { name: 'Labor (hour)', description: null, rateCents: 9_500, taxable: false, active: true, unit: 'hour' },
  { name: 'Emergency labor (hour)', description: 'Nights, weekends and holidays.', rateCents: 14_500, taxable: false, active: true, unit: 'hour' },
  { name: 'Water heater 50 gal', description: 'Gas, 40,000 BTU, 6-year warranty.', rateCents: 135_000, taxable: true, active: true, unit: 'each' },
  { name: 'Tankless water heater', description: 'Condensing, 199,000 BTU.', rateCents: 289_000, taxable: true, active: true, unit: 'each' },
  { name: 'Thermostat', description: 'Smart Wi-Fi thermostat.', rateCents: 24_900, taxable: true, active: true, unit: 'each' },
  { name: 'Copper pipe (ft)', description: '3/4" type L.', rateCents: 850, taxable: true, active: true, unit: 'foot' },
  { name: 'PEX pipe (ft)', description: '1/2" PEX-A.', rateCents: 325, taxable: true, active: true, unit: 'foot' },
  { name: 'Drain cleaning', description: 'Snake main line up to 100 ft.', rateCents: 22_500, taxable: false, active: true, unit: 'each' },
  { name: 'AC tune-up', description: 'Coil cleaning, refrigerant check, filter.', rateCents: 18_900, taxable: false, active: true, unit: 'each' },
  { name: 'Furnace tune-up', description: 'Burner cleaning, safety check.', rateCents: 16_900, taxable: false, active: true, unit: 'each' },
  { name: 'Condenser unit 3 ton', description: '16 SEER2 split system condenser.', rateCents: 465_000, taxable: true, active: true, unit: 'each' },
  { name: 'Ductwork (ft)', description: 'Insulated flex duct, installed.', rateCents: 4_200, taxable: true, active: true, unit: 'foot' },
  { name: 'Circuit breaker 20A', description: null, rateCents: 3_800, taxable: true, active: true, unit: 'each' },
  { name: 'Panel upgrade 200A', description: 'Main panel swap, utility coordination.', rateCents: 285_000, taxable: true, active: true, unit: 'each' },
  { name: 'Humidifier pad kit', description: 'Discontinued by the supplier.', rateCents: 4_500, taxable: true, active: false, unit: 'each' },
];

/** Lines typed by hand (no catalogue item). */
const FREE_LINES = [
  { name: 'Permit fee', description: 'Municipal permit, passed through at cost.', rateCents: 17_500 },
  { name: 'Disposal of old equipment', description: null, rateCents: 9_500 },
  { name: 'Trip charge', description: 'Outside the service area.', rateCents: 7_500 },
] as const;

export const MIN_DOC_CENTS = 15_000;
export const MAX_DOC_CENTS = 2_500_000;

/** A small deterministic PRNG (mulberry32), so every demo has the same documents. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type DemoLine = { name: string; description: string | null; qtyMilli: number; rateCents: number; serviceIndex: number | null; taxable: boolean };

function qtyFor(unit: DemoCatalogueItem['unit'], r: () => number): number {
  if (unit === 'foot') return (10 + Math.floor(r() * 70)) * 1000;
  if (unit === 'hour') return (2 + Math.floor(r() * 16)) * 500;
  return r() < 0.8 ? 1000 : 2000;
}

export const totalsOf = (lines: readonly DemoLine[], freightCents: number, depositCents = 0): DocumentTotals => {
  const result = computeTotals(
    lines.map((l) => ({ qtyMilli: l.qtyMilli, rateCents: l.rateCents, isTaxable: l.taxable, taxPercentMilli: l.taxable ? DEMO_TAX_MILLI : 0 })),
    freightCents,
    { required: depositCents > 0, amountCents: depositCents },
  );
  if (!result.ok) throw new Error(`demo billing: ${result.message}`);
  return result.totals;
};

/**
 * 1–6 lines from the catalogue (the retired item only on old documents) or typed by hand, then trimmed or padded
 * until the total lands between $150 and $25,000.
 */
export function demoLines(r: () => number, old: boolean, freightCents: number): DemoLine[] {
  const usable = DEMO_CATALOGUE.map((item, index) => ({ item, index })).filter((c) => c.item.active || old);
  const lines: DemoLine[] = [];
  const count = 1 + Math.floor(r() * 6);
  for (let i = 0; i < count; i++) {
    if (r() < 0.15) {
      const free = FREE_LINES[Math.floor(r() * FREE_LINES.length)]!;
      lines.push({ name: free.name, description: free.description, qtyMilli: 1000, rateCents: free.rateCents, serviceIndex: null, taxable: false });
      continue;
    }
    const { item, index } = usable[Math.floor(r() * usable.length)]!;
    lines.push({
      name: item.name,
      description: item.description,
      qtyMilli: qtyFor(item.unit, r),
      rateCents: item.rateCents,
      serviceIndex: index,
      taxable: item.taxable,
    });
  }
  for (;;) {
    const total = totalsOf(lines, freightCents).totalCents;
    if (total < MIN_DOC_CENTS) {
      const labor = lines.find((l) => l.serviceIndex === 1);
      if (labor) labor.qtyMilli += 1000;
      else if (lines.length >= 6) lines[0]!.qtyMilli += 1000;
      else
        lines.push({
          name: DEMO_CATALOGUE[1]!.name,
          description: null,
          qtyMilli: 1000,
          rateCents: DEMO_CATALOGUE[1]!.rateCents,
          serviceIndex: 1,
          taxable: false,
        });
      continue;
    }
    if (total <= MAX_DOC_CENTS) return lines;
    const biggest = lines.reduce((a, b) => (b.qtyMilli * b.rateCents > a.qtyMilli * a.rateCents ? b : a));
    if (biggest.qtyMilli > 1000) biggest.qtyMilli = Math.max(1000, Math.floor(biggest.qtyMilli / 2000) * 1000);
    else lines.splice(lines.indexOf(biggest), 1);
  }
}

/** A 64×20 grayscale PNG of a wavy pen stroke, as a data URL: what an onsite signature pad would send. */
export function signaturePng(): string {
  return dataUrlOf(pngImage(64, 20, (x, y) => (Math.abs(Math.round(10 + 6 * Math.sin(x / 4) * Math.cos(x / 13)) - y) <= 1 ? 20 : 255)));
}
