import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMember } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { personColour } from './scheduler-colours';
import { TeamSidebar, UNASSIGNED_KEY } from './team-sidebar';

const member = (id: string, name: string, type: TeamMember['type'] = 'TECHNICIAN'): TeamMember => ({
  id,
  name,
  type,
  tags: [],
  zones: [],
  profilePictureUrl: null,
});

const TEAM = [member('t1', 'Tom Baker'), member('t2', 'Tina Fey'), member('s1', 'Sparks Ltd', 'SUBCONTRACTOR'), member('s2', 'Tommy Roofing', 'SUBCONTRACTOR')];
const colourOf = personColour;

/** Keeps the selection like the page does, and records every change. */
function setup(initial: string[] = [], members: readonly TeamMember[] = TEAM, loading = false) {
  const onChange = vi.fn<(next: Set<string>) => void>();
  function Harness() {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(initial));
    return (
      <TeamSidebar
        members={members}
        loading={loading}
        colourOf={colourOf}
        selected={selected}
        onSelectedChange={(next) => {
          onChange(next);
          setSelected(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { onChange, user: userEvent.setup(), last: () => [...(onChange.mock.lastCall?.[0] ?? [])].sort() };
}

const people = () =>
  within(screen.getByRole('group', { name: 'Team members' }))
    .getAllByRole('checkbox')
    .map((c) => c.getAttribute('aria-label'))
    .filter((n) => n !== 'Unassigned');

describe('TeamSidebar', () => {
  it('lists everyone with a checkbox named after them, their type and the count', () => {
    setup(['t1']);
    expect(people()).toEqual(['Tom Baker', 'Tina Fey', 'Sparks Ltd', 'Tommy Roofing']);
    expect(screen.getByText('Showing 4/4')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Tom Baker' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Tina Fey' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getAllByText('Sub-Contractor')).toHaveLength(2);
  });

  it('narrows by name, case-insensitively, and says when nobody matches', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'TOM');
    expect(people()).toEqual(['Tom Baker', 'Tommy Roofing']);
    expect(screen.getByText('Showing 2/4')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
    expect(screen.getByText('No team members found')).toBeTruthy();
    expect(screen.getByText('Showing 0/4')).toBeTruthy();
  });

  it('filters by type', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sub-Contractors' }));
    expect(people()).toEqual(['Sparks Ltd', 'Tommy Roofing']);
    expect(screen.getByRole('button', { name: 'Sub-Contractors' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Technicians' }));
    expect(people()).toEqual(['Tom Baker', 'Tina Fey']);
    await user.click(screen.getByRole('button', { name: 'All Team' }));
    expect(screen.getByText('Showing 4/4')).toBeTruthy();
  });

  it('toggles a person, by checkbox or by name', async () => {
    const { user, last } = setup(['t1']);
    await user.click(screen.getByRole('checkbox', { name: 'Tina Fey' }));
    expect(last()).toEqual(['t1', 't2']);
    await user.click(screen.getByText('Tom Baker'));
    expect(last()).toEqual(['t2']);
  });

  it('selects all and clears only the people shown', async () => {
    const { user, last } = setup(['t1', UNASSIGNED_KEY]);
    await user.click(screen.getByRole('button', { name: 'Sub-Contractors' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(last()).toEqual(['s1', 's2', 't1', UNASSIGNED_KEY].sort());
    await user.click(screen.getByRole('button', { name: 'All Team' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'tom');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(last()).toEqual(['s1', UNASSIGNED_KEY].sort());
  });

  it('toggles the Unassigned entry', async () => {
    const { user, last, onChange } = setup(['t1']);
    await user.click(screen.getByRole('checkbox', { name: 'Unassigned' }));
    expect(last()).toEqual(['t1', UNASSIGNED_KEY].sort());
    await user.click(screen.getByRole('checkbox', { name: 'Unassigned' }));
    expect(last()).toEqual(['t1']);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('shows skeleton rows while loading', () => {
    setup([], [], true);
    expect(screen.getByRole('status', { name: 'Loading team' })).toBeTruthy();
    expect(screen.queryByText('No team members found')).toBeNull();
  });

  it('renders only part of a 500-person team, and still counts them all', async () => {
    // jsdom has no layout: give the scroller a real panel's height so the virtualizer has a window to fill.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(295);
    const big = Array.from({ length: 500 }, (_, i) => member(`m${i}`, `Person ${String(i).padStart(3, '0')}`));
    const { user, last } = setup([], big);
    expect(screen.getByText('Showing 500/500')).toBeTruthy();
    const rendered = people();
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(60);
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(last()).toHaveLength(500);
  });
});
