import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { installsOn, watchForUpdates, type UpdatableWorker } from './service-worker';
import { showUpdatePrompt } from './update-prompt';

/** A stand-in for workbox-window's Workbox: the test fires its events and records what the app asked of it. */
function fakeWorker() {
  const listeners = new Map<string, Array<() => void>>();
  let skipWaitingMessages = 0;
  const worker: UpdatableWorker = {
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    messageSkipWaiting() {
      skipWaitingMessages += 1;
    },
  };
  const fire = (type: 'waiting' | 'controlling') => act(() => listeners.get(type)?.forEach((listener) => listener()));
  return { worker, fire, skipWaitingMessages: () => skipWaitingMessages };
}

function setUp() {
  const fake = fakeWorker();
  let reloads = 0;
  render(<Toaster />);
  watchForUpdates(fake.worker, { onUpdate: showUpdatePrompt, reload: () => (reloads += 1) });
  return { ...fake, reloads: () => reloads };
}

describe('the update prompt', { timeout: 20_000 }, () => {
  it('says nothing until a new release is waiting, then offers it', async () => {
    const app = setUp();
    expect(screen.queryByText('Update available — reload')).toBeNull();
    app.fire('waiting');
    expect(await screen.findByText('Update available — reload')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(app.skipWaitingMessages()).toBe(0);
    expect(app.reloads()).toBe(0);
  });

  it('Reload activates the waiting worker and reloads once it controls the page', async () => {
    const app = setUp();
    app.fire('waiting');
    // A plain click: jsdom has no pointer capture, which sonner's swipe handling asks for on pointerdown.
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(app.skipWaitingMessages()).toBe(1);
    // The page reloads only when the new worker has taken over, so the reload is served by the new release.
    expect(app.reloads()).toBe(0);
    app.fire('controlling');
    expect(app.reloads()).toBe(1);
  });

  it('never reloads on its own: a worker taking control unasked (another tab pressed Reload) leaves the page alone', async () => {
    const app = setUp();
    app.fire('waiting');
    await screen.findByText('Update available — reload');
    app.fire('controlling');
    expect(app.reloads()).toBe(0);
    expect(app.skipWaitingMessages()).toBe(0);
  });
});

describe('where the app installs', () => {
  it('on the staff app, never on the customer portal', () => {
    expect(installsOn('/workorder/my-day')).toBe(true);
    expect(installsOn('/login')).toBe(true);
    expect(installsOn('/portal-settings')).toBe(true);
    expect(installsOn('/portal/visit')).toBe(false);
    expect(installsOn('/portal/acme-plumbing')).toBe(false);
    expect(installsOn('/portal')).toBe(false);
  });
});
