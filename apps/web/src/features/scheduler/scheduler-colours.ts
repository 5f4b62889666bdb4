import { personColourIndex, personColourSlots } from '@fieldwork/domain/scheduling/scheduling.rules';

/**
 * Six colours for assignees plus one for "unassigned" on the calendar, and five rotated
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

/** A person's colour by id; null is the unassigned grey. */
export type ColourOf = (personId: string | null) => Swatch;

/**
 * The one person → colour function of a screen, for the people on it (the team): the sidebar, the calendar
 * entries, the chart's person rows and bars all call the same one, so a person is one colour everywhere, and
 * up to six people never share one (domain personColourSlots). It does not depend on display order or the
 * sidebar's selection.
 */
export function personColours(roster: readonly string[]): ColourOf {
  const slots = personColourSlots(roster, ASSIGNEE_COLOURS.length);
  return (id) => (id === null ? UNASSIGNED_COLOUR : ASSIGNEE_COLOURS[slots.get(id) ?? personColourIndex(id, ASSIGNEE_COLOURS.length)]!);
}

/** Without a roster (a field viewer's own tasks): each person on their own slot. */
export const personColour: ColourOf = personColours([]);

export function chartAccent(rowIndex: number): Swatch {
  return CHART_ACCENTS[((rowIndex % CHART_ACCENTS.length) + CHART_ACCENTS.length) % CHART_ACCENTS.length]!;
}
