import { personColourIndex } from '@fieldwork/domain/scheduling.rules';

/**
 * Spec section 2 / 9: six colours for assignees plus one for "unassigned" on the calendar, and five rotated
 * accents plus grey on the chart. Each is a pair of Tailwind-independent CSS values so an entry can be drawn
 * with inline styles (thousands of entries; no class churn).
 */
export type Swatch = { name: string; bg: string; border: string; text: string };

export const ASSIGNEE_COLOURS: readonly Swatch[] = [
  { name: 'Blue', bg: '#dbeafe', border: '#2563eb', text: '#1e3a8a' },
  { name: 'Green', bg: '#dcfce7', border: '#16a34a', text: '#14532d' },
  { name: 'Magenta', bg: '#fae8ff', border: '#c026d3', text: '#701a75' },
  { name: 'Yellow', bg: '#fef9c3', border: '#ca8a04', text: '#713f12' },
  { name: 'Red', bg: '#fee2e2', border: '#dc2626', text: '#7f1d1d' },
  { name: 'Teal', bg: '#ccfbf1', border: '#0d9488', text: '#134e4a' },
];
export const UNASSIGNED_COLOUR: Swatch = { name: 'Unassigned', bg: '#f3f4f6', border: '#6b7280', text: '#111827' };

/** The chart's five accents (MAGENTA, BLUE, YELLOW, RED, GREEN) for its group rows' markers; people use personColour. */
export const CHART_ACCENTS: readonly Swatch[] = [ASSIGNEE_COLOURS[2]!, ASSIGNEE_COLOURS[0]!, ASSIGNEE_COLOURS[3]!, ASSIGNEE_COLOURS[4]!, ASSIGNEE_COLOURS[1]!];

/**
 * A person's colour, from their id alone (domain personColourIndex): the sidebar, the calendar entries, the
 * chart's person rows and bars all call this, so one person is one colour everywhere on the screen, and it
 * stays put while the team list is filtered or the selection changes. null is the unassigned grey.
 */
export function personColour(personId: string | null): Swatch {
  return personId === null ? UNASSIGNED_COLOUR : ASSIGNEE_COLOURS[personColourIndex(personId, ASSIGNEE_COLOURS.length)]!;
}

export function chartAccent(rowIndex: number): Swatch {
  return CHART_ACCENTS[((rowIndex % CHART_ACCENTS.length) + CHART_ACCENTS.length) % CHART_ACCENTS.length]!;
}
