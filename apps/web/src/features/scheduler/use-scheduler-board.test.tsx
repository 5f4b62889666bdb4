import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SchedulerItem, TeamMember } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { mockApi, route, testQueryClient } from '../../test-utils';
import { personColour, UNASSIGNED_COLOUR } from './scheduler-colours';
import { UNASSIGNED_KEY } from './team-sidebar';
import { chartRows, toEntries, useSchedulerBoard, type EntryCache } from './use-scheduler-board';

const member = (id: string, name: string, type: TeamMember['type'] = 'TECHNICIAN'): TeamMember => ({
  id,
  name,
  type,
  tags: [],
  zones: [],
  profilePictureUrl: null,
});
const TEAM = [member('t1', 'Ann Tech'), member('t2', 'Bob Tech'), member('s1', 'Ace Plumbing Subs', 'SUBCONTRACTOR')];

function item(id: string, assignee: string | null, overrides: Partial<SchedulerItem> = {}): SchedulerItem {
  return {
    id,
    taskNumber: Number(id.replace(/\D/g, '') || 1),
    name: `Task ${id}`,
    startTime: '2026-11-25T14:00:00.000Z',
    endTime: '2026-11-25T15:00:00.000Z',
    assignedTo: assignee ? { id: assignee, type: assignee.startsWith('s') ? 'SUBCONTRACTOR' : 'TECHNICIAN' } : null,
    status: 'UPCOMING',
    displayStatus: 'Upcoming',
    job: { id: 'j1', jobNumber: 1042 },
    customer: { id: 'c1', name: 'Northwind' },
    scheduleId: `sch-${id}`,
    scheduleVersion: 1,
    plan: null,
    ...overrides,
  };
}

const FEED = [item('a1', 't1'), item('a2', 't2'), item('a3', null), item('a4', 's1', { status: 'CLOSED' })];

describe('toEntries', () => {
  it('keeps only the selected people and, with its key, the unassigned tasks', () => {
    const ids = (sel: string[]) => toEntries(FEED, new Set(sel), true, new Map()).map((e) => e.id);
    expect(ids(['t1', 't2', 's1', UNASSIGNED_KEY])).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(ids(['t2'])).toEqual(['a2']);
    expect(ids([UNASSIGNED_KEY, 's1'])).toEqual(['a3', 'a4']);
    // No sidebar (field roles): everything the server sent.
    expect(toEntries(FEED, null, true, new Map())).toHaveLength(4);
  });

  it('colours each entry in its person’s one colour (the same the sidebar and chart rows use), grey when unassigned, with the edit rule of the status', () => {
    const [a1, a2, a3, a4] = toEntries(FEED, null, true, new Map());
    expect(a1?.colour).toBe(personColour('t1'));
    expect(a2?.colour).toBe(personColour('t2'));
    expect(a3?.colour).toBe(UNASSIGNED_COLOUR);
    expect(a4?.colour).toBe(personColour('s1'));
    // Filtering the selection does not move anyone's colour.
    expect(toEntries(FEED, new Set(['t2']), true, new Map())[0]?.colour).toBe(personColour('t2'));
    expect(a1?.edit).toEqual({ move: true, resize: true });
    expect(a4?.edit).toEqual({ move: false, resize: false });
    expect(a1?.startMs).toBe(Date.parse('2026-11-25T14:00:00.000Z'));
    // Without tasks.write nothing moves.
    expect(toEntries(FEED, null, false, new Map())[0]?.edit).toEqual({ move: false, resize: false });
  });

  it("names each entry's assignee from the team, and none when unassigned or not in the team", () => {
    const names = new Map(TEAM.filter((m) => m.id !== 't2').map((m) => [m.id, m.name]));
    expect(toEntries(FEED, null, true, new Map(), names).map((e) => e.assigneeName)).toEqual(['Ann Tech', null, null, 'Ace Plumbing Subs']);
  });

  it('keeps the entry objects of unchanged tasks across a refetch, and replaces only the changed one', () => {
    const cache: EntryCache = new Map();
    const first = toEntries(FEED, null, true, cache);
    const refetched = structuredClone(FEED);
    const same = toEntries(refetched, null, true, cache);
    same.forEach((e, i) => expect(e).toBe(first[i]));

    const moved = structuredClone(FEED).map((t) => (t.id === 'a2' ? { ...t, startTime: '2026-11-25T16:00:00.000Z', scheduleVersion: 2 } : t));
    const next = toEntries(moved, null, true, cache);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).not.toBe(first[1]);
    expect(next[1]?.startTime).toBe('2026-11-25T16:00:00.000Z');
    expect(next[2]).toBe(first[2]);
  });

  it('draws a task anew when it becomes a plan visit or its plan is renamed, so its plan mark follows', () => {
    const cache: EntryCache = new Map();
    const first = toEntries(FEED, null, true, cache);
    const plan = { id: 'p1', name: 'Monthly HVAC' };
    const visit = toEntries(
      FEED.map((t) => (t.id === 'a2' ? { ...t, plan } : t)),
      null,
      true,
      cache,
    );
    expect(visit[1]).not.toBe(first[1]);
    expect(visit[1]?.plan).toEqual(plan);
    expect(visit[0]).toBe(first[0]);
    const renamed = toEntries(
      FEED.map((t) => (t.id === 'a2' ? { ...t, plan: { ...plan, name: 'Quarterly HVAC' } } : t)),
      null,
      true,
      cache,
    );
    expect(renamed[1]).not.toBe(visit[1]);
    expect(renamed[1]?.plan?.name).toBe('Quarterly HVAC');
  });
});

describe('chartRows', () => {
  it('puts the three group rows first, then the selected people in team order, each in their own colour', () => {
    const rows = chartRows(TEAM, new Set(['t1', 's1', UNASSIGNED_KEY]), '');
    expect(rows.map((r) => r.label)).toEqual(['Unassigned Tasks', 'All Technicians', 'All Subcontractors', 'Ann Tech', 'Ace Plumbing Subs']);
    expect(rows.map((r) => r.kind)).toEqual(['unassigned', 'technicians', 'subcontractors', 'person', 'person']);
    expect(rows[0]?.colour).toBe(UNASSIGNED_COLOUR);
    expect(rows[3]).toMatchObject({ key: 't1', assignee: { id: 't1', type: 'TECHNICIAN' }, colour: personColour('t1') });
    expect(rows[4]).toMatchObject({ assignee: { id: 's1', type: 'SUBCONTRACTOR' }, colour: personColour('s1') });
  });

  it('filters the person rows by name', () => {
    expect(chartRows(TEAM, null, 'bob').map((r) => r.label)).toEqual(['Unassigned Tasks', 'All Technicians', 'All Subcontractors', 'Bob Tech']);
    expect(chartRows(TEAM, null, 'bob')[3]?.colour).toBe(personColour('t2'));
  });
});

describe('useSchedulerBoard', () => {
  it('loads the feed and the team, selects everyone, and keeps entries identical across an identical refetch', async () => {
    mockApi(
      route('GET', '/api/schedule', { body: { data: { tasks: FEED, timeOff: [] } } }),
      route('GET', '/api/tasks/team', { body: { items: TEAM, meta: { page: 1, limit: 100, total: 3, totalPages: 1 } } }),
    );
    const qc = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const input = {
      view: 'week' as const,
      anchor: '2026-11-25',
      chart: false,
      timeZone: 'America/New_York',
      filters: {},
      office: true,
      canWrite: true,
      personSearch: '',
    };
    const { result } = renderHook(() => useSchedulerBoard(input), { wrapper });
    await waitFor(() => expect(result.current.team).toHaveLength(3));
    await waitFor(() => expect(result.current.entries).toHaveLength(4));
    expect([...result.current.selected].sort()).toEqual([UNASSIGNED_KEY, 's1', 't1', 't2'].sort());
    // The sidebar's colours (colourOf), the entries' and the chart rows' are one function of the person.
    // …and the three people of the team get three different colours.
    expect(new Set(TEAM.map((m) => result.current.colourOf(m.id))).size).toBe(3);
    expect(result.current.entries.find((e) => e.id === 'a2')?.colour).toBe(result.current.colourOf('t2'));
    expect(result.current.rows.find((r) => r.key === 't2')?.colour).toBe(result.current.colourOf('t2'));
    expect(result.current.range).toEqual({ start: '2026-11-21T05:00:00.000Z', end: '2026-11-28T05:00:00.000Z' });
    const before = result.current.entries;

    await qc.refetchQueries({ queryKey: ['scheduler'] });
    await waitFor(() => expect(result.current.feed.isFetching).toBe(false));
    result.current.entries.forEach((e, i) => expect(e).toBe(before[i]));
  });
});
