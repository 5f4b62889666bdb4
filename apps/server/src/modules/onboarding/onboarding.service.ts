import type { Db } from '@fieldwork/db/connection';
import { flag, nowIso } from '@fieldwork/db/sql-helpers';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import {
  ONBOARDING_ITEMS,
  completeConfiguration,
  type DashboardConfiguration,
  type DashboardConfigurationBody,
  type Financing,
  type Onboarding,
} from '@fieldwork/domain/company/onboarding.schemas';
import { financingUrlOf, findSettings, onboardingFacts, saveSettings } from './onboarding.repository.ts';

/** The checklist is ticked from the company's records; only the dismissal is this user's. */
export async function getOnboarding(db: Db, viewer: Viewer): Promise<Onboarding> {
  const [facts, settings] = await Promise.all([onboardingFacts(db, viewer.tenantId), findSettings(db, viewer.tenantId, viewer.userId)]);
  const items = ONBOARDING_ITEMS.map((i) => ({ key: i.key, label: i.label, done: facts[i.key] }));
  return { items, completed: items.filter((i) => i.done).length, total: items.length, dismissed: settings?.onboarding_dismissed === 1 };
}

export async function setOnboardingDismissed(db: Db, viewer: Viewer, dismissed: boolean): Promise<Onboarding> {
  await saveSettings(db, viewer.tenantId, viewer.userId, { onboarding_dismissed: flag(dismissed) }, nowIso());
  return getOnboarding(db, viewer);
}

function parseCards(text: string | null): { key: string; visible: boolean }[] | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as { key: string; visible: boolean }[]) : null;
  } catch {
    return null;
  }
}

export async function getConfiguration(db: Db, viewer: Viewer): Promise<DashboardConfiguration> {
  const settings = await findSettings(db, viewer.tenantId, viewer.userId);
  return completeConfiguration(parseCards(settings?.cards ?? null));
}

/** Stores the full order (the cards sent, then the rest in default order) so later releases keep it. */
export async function saveConfiguration(db: Db, viewer: Viewer, body: DashboardConfigurationBody): Promise<DashboardConfiguration> {
  const complete = completeConfiguration(body.cards);
  await saveSettings(db, viewer.tenantId, viewer.userId, { cards: JSON.stringify(complete.cards) }, nowIso());
  return complete;
}

export async function getFinancing(db: Db, viewer: Viewer): Promise<Financing> {
  const [url, settings] = await Promise.all([financingUrlOf(db, viewer.tenantId), findSettings(db, viewer.tenantId, viewer.userId)]);
  return { url, dismissed: settings?.financing_dismissed === 1 };
}

/** Dismissal is for good (the body accepts only true). */
export async function dismissFinancing(db: Db, viewer: Viewer): Promise<Financing> {
  await saveSettings(db, viewer.tenantId, viewer.userId, { financing_dismissed: 1 }, nowIso());
  return getFinancing(db, viewer);
}
