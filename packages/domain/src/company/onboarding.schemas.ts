/**
 * Dashboard onboarding checklist, per-user card configuration and the Customer Financing banner.
 */
import { z } from 'zod';

export const ONBOARDING_ITEMS = [
  { key: 'timeZone', label: 'Set your company time zone' },
  { key: 'zones', label: 'Add service zones' },
  { key: 'tags', label: 'Add job tags' },
  { key: 'technician', label: 'Invite a technician' },
  { key: 'customer', label: 'Add your first customer' },
  { key: 'job', label: 'Create your first job' },
  { key: 'scheduledTask', label: 'Schedule your first task' },
  { key: 'estimateSent', label: 'Send your first estimate' },
  { key: 'invoicePaid', label: 'Get your first invoice paid' },
] as const;
export type OnboardingKey = (typeof ONBOARDING_ITEMS)[number]['key'];
export const ONBOARDING_KEYS = ONBOARDING_ITEMS.map((i) => i.key) as OnboardingKey[];

export const onboardingSchema = z.object({
  items: z.array(z.object({ key: z.string(), label: z.string(), done: z.boolean() })),
  completed: z.number(),
  total: z.number(),
  /** Dismissed by this user. */
  dismissed: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingBody = z.strictObject({ dismissed: z.boolean({ error: 'dismissed must be true or false.' }) });
export type OnboardingBody = z.infer<typeof onboardingBody>;

/** Dashboard cards in their default order. */
export const DASHBOARD_CARDS = ['finance', 'revenue', 'plans', 'jobs', 'customers', 'leads', 'receptionist', 'zones', 'tags', 'assets', 'onboarding'] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];
export const DASHBOARD_CARD_LABELS = {
  finance: 'Finance',
  revenue: 'Revenue',
  plans: 'Service Plans',
  jobs: 'Jobs & Tasks',
  customers: 'Customers',
  leads: 'Leads',
  receptionist: 'AI Receptionist',
  zones: 'Top Zones',
  tags: 'Top Tags',
  assets: 'Assets',
  onboarding: 'Getting Started',
} as const satisfies Record<DashboardCard, string>;

const cardEntry = z.strictObject({
  key: z.enum(DASHBOARD_CARDS, { error: `Card must be one of: ${DASHBOARD_CARDS.join(', ')}.` }),
  visible: z.boolean({ error: 'visible must be true or false.' }),
});

export const DEFAULT_DASHBOARD_CONFIGURATION = { cards: DASHBOARD_CARDS.map((key) => ({ key, visible: true })) };

/**
 * PUT /api/dashboard/configuration: cards in display order, each key once. Cards left out keep their default
 * (visible, after the listed ones) so a card added in a later release shows up for everyone.
 */
export const dashboardConfigurationBody = z.strictObject({
  cards: z
    .array(cardEntry, { error: 'cards must be an array.' })
    .max(DASHBOARD_CARDS.length, { error: `cards can have at most ${DASHBOARD_CARDS.length} entries.` })
    .refine((cards) => new Set(cards.map((c) => c.key)).size === cards.length, { error: 'Each card can appear only once.' }),
});
export type DashboardConfigurationBody = z.infer<typeof dashboardConfigurationBody>;

export const dashboardConfigurationSchema = z.object({
  cards: z.array(z.object({ key: z.enum(DASHBOARD_CARDS), visible: z.boolean() })),
});
export type DashboardConfiguration = z.infer<typeof dashboardConfigurationSchema>;

/** Stored order first, then any card not stored, visible, in default order; unknown stored keys dropped. */
export function completeConfiguration(stored: readonly { key: string; visible: boolean }[] | null): DashboardConfiguration {
  const known = new Set<string>(DASHBOARD_CARDS);
  const seen = new Set<string>();
  const cards: DashboardConfiguration['cards'] = [];
  for (const c of stored ?? []) {
    if (!known.has(c.key) || seen.has(c.key)) continue;
    seen.add(c.key);
    cards.push({ key: c.key as DashboardCard, visible: c.visible });
  }
  for (const key of DASHBOARD_CARDS) if (!seen.has(key)) cards.push({ key, visible: true });
  return { cards };
}

/** GET /api/dashboard/financing: the company's lender apply page (Settings) and this user's dismissal. */
export const financingSchema = z.object({ url: z.string().nullable(), dismissed: z.boolean() });
export type Financing = z.infer<typeof financingSchema>;
export const financingBody = z.strictObject({ dismissed: z.literal(true, { error: 'dismissed must be true.' }) });
export type FinancingBody = z.infer<typeof financingBody>;

export const FINANCING_TEXT = { title: 'Customer Financing', button: 'Know More' } as const;
