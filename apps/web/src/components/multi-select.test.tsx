import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiSelect, badgeLimit, selectAllLabel } from './multi-select';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `v${i + 1}`, label: `Option ${i + 1}` }));

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('badge rule', () => {
  it('shows up to 3 badges by default, whatever the width', () => {
    expect(badgeLimit('default', 375)).toBe(3);
    expect(badgeLimit('default', 1440)).toBe(3);
  });

  it('shows 2, 4 and 6 badges on mobile, tablet and desktop in responsive mode', () => {
    expect(badgeLimit('responsive', 375)).toBe(2);
    expect(badgeLimit('responsive', 639)).toBe(2);
    expect(badgeLimit('responsive', 640)).toBe(4);
    expect(badgeLimit('responsive', 1023)).toBe(4);
    expect(badgeLimit('responsive', 1024)).toBe(6);
  });

  it('renders three badges and a +N badge for the rest', () => {
    setWidth(1280);
    render(<MultiSelect aria-label="Zones" options={options(6)} value={['v1', 'v2', 'v3', 'v4', 'v5']} onChange={() => {}} />);
    const trigger = screen.getByRole('button', { name: /zones/i });
    expect(within(trigger).getByText('Option 1')).toBeTruthy();
    expect(within(trigger).getByText('Option 3')).toBeTruthy();
    expect(within(trigger).queryByText('Option 4')).toBeNull();
    expect(within(trigger).getByText('+2')).toBeTruthy();
  });

  it('follows the viewport in responsive mode', () => {
    setWidth(375);
    render(<MultiSelect aria-label="Tags" badgeMode="responsive" options={options(8)} value={['v1', 'v2', 'v3', 'v4', 'v5']} onChange={() => {}} />);
    const trigger = screen.getByRole('button', { name: /tags/i });
    expect(within(trigger).queryByText('Option 3')).toBeNull();
    expect(within(trigger).getByText('+3')).toBeTruthy();
    setWidth(1280);
  });
});

describe('select all', () => {
  it('shows the option count only above 20 options', () => {
    expect(selectAllLabel(20)).toBe('Select all');
    expect(selectAllLabel(21)).toBe('Select all (21)');
  });

  it('selects every option from the select-all row', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<MultiSelect aria-label="Zones" options={options(25)} value={[]} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /zones/i }));
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all (25)' });
    await user.click(selectAll);
    expect(onChange).toHaveBeenCalledWith(options(25).map((o) => o.value));
  });

  it('toggles a single option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<MultiSelect aria-label="Zones" options={options(3)} value={['v1']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /zones/i }));
    expect(await screen.findByRole('checkbox', { name: 'Select all' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Option 2' }));
    expect(onChange).toHaveBeenCalledWith(['v1', 'v2']);
  });
});
