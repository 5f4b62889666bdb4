import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SyncIndicator } from './sync-indicator';

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

afterEach(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true }));

describe('sync indicator', () => {
  it('follows the browser going offline and back online', () => {
    render(<SyncIndicator />);
    expect(screen.getByRole('status', { name: 'Sync status: Online' }).textContent).toBe('Online');
    act(() => goOffline(true));
    expect(screen.getByRole('status', { name: 'Sync status: Offline' }).textContent).toBe('Offline');
    act(() => goOffline(false));
    expect(screen.getByRole('status').textContent).toBe('Online');
  });

  it('starts offline when the browser is already offline', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    render(<SyncIndicator />);
    expect(screen.getByRole('status').textContent).toBe('Offline');
  });
});
