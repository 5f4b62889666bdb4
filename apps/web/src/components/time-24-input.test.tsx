import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { isTime24, Time24Input } from './time-24-input';

function Harness() {
  const [v, setV] = useState('09:30');
  return <Time24Input aria-label="Time" value={v} onChange={setV} />;
}

describe('Time24Input', () => {
  it('is a 24-hour text field whatever the locale, and fills the colon in "1630"', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Time' });
    expect(input.getAttribute('placeholder')).toBe('HH:mm');
    fireEvent.change(input, { target: { value: '1630' } });
    expect((input as HTMLInputElement).value).toBe('16:30');
  });

  it('accepts 00:00–23:59 only', () => {
    expect(['00:00', '09:05', '16:30', '23:59'].every(isTime24)).toBe(true);
    expect(['24:00', '9:30', '12:60', '4 PM', ''].some(isTime24)).toBe(false);
  });
});
