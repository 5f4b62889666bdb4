import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Time24 } from '@fieldwork/domain/time/time-picker.rules';
import { TimePicker } from './time-picker';

function Harness({ initial }: { initial: Time24 }) {
  const [value, setValue] = useState<Time24 | null>(initial);
  return (
    <>
      <TimePicker label="Start time" value={value} onChange={setValue} />
      <output aria-label="24-hour">{value ? `${value.hour}:${value.minute}` : ''}</output>
    </>
  );
}

const hours = () => screen.getByRole('textbox', { name: 'Start time hours' }) as HTMLInputElement;
const minutes = () => screen.getByRole('textbox', { name: 'Start time minutes' }) as HTMLInputElement;
const out = () => screen.getByLabelText('24-hour').textContent;

describe('TimePicker', () => {
  it.each([
    ['13', '03'],
    ['25', '05'],
    ['0', '01'],
    ['-3', '01'],
    ['12', '12'],
    ['7', '07'],
  ])('typing hours %s (PM) shows %s', (typed, shown) => {
    render(<Harness initial={{ hour: 14, minute: 0 }} />);
    fireEvent.change(hours(), { target: { value: typed } });
    expect(hours().value).toBe(shown);
  });

  it.each([
    ['75', '59'],
    ['-5', '00'],
    ['30', '30'],
  ])('typing minutes %s shows %s', (typed, shown) => {
    render(<Harness initial={{ hour: 9, minute: 0 }} />);
    fireEvent.change(minutes(), { target: { value: typed } });
    expect(minutes().value).toBe(shown);
  });

  it('typing 12 in the morning is midnight (the AM-at-12 rule), read as 12:00 AM, never 00:00 AM', () => {
    render(<Harness initial={{ hour: 9, minute: 0 }} />);
    fireEvent.change(hours(), { target: { value: '12' } });
    expect(hours().value).toBe('12');
    expect(out()).toBe('0:0');
  });

  it('shows a midnight value as 12 AM', () => {
    render(<Harness initial={{ hour: 0, minute: 0 }} />);
    expect(hours().value).toBe('12');
    expect(screen.getByRole('radio', { name: 'AM' }).getAttribute('aria-checked')).toBe('true');
  });

  it('reads 24-hour values as 12-hour with AM/PM, and AM at 12 sets hours to 0', () => {
    render(<Harness initial={{ hour: 12, minute: 15 }} />);
    expect(hours().value).toBe('12');
    expect(screen.getByRole('radio', { name: 'PM' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'AM' }));
    expect(hours().value).toBe('12');
    expect(out()).toBe('0:15');
    fireEvent.click(screen.getByRole('radio', { name: 'PM' }));
    expect(hours().value).toBe('12');
    expect(out()).toBe('12:15');
  });

  it('steps with the arrow keys', () => {
    render(<Harness initial={{ hour: 23, minute: 59 }} />);
    fireEvent.keyDown(minutes(), { key: 'ArrowUp' });
    expect(minutes().value).toBe('00');
    fireEvent.keyDown(hours(), { key: 'ArrowDown' });
    expect(hours().value).toBe('10');
    expect(out()).toBe('22:0');
  });
});
