import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterFirstScreen, installsOn, SETTLE_CAP_MS, watchForUpdates, type FirstScreen, type Timers, type UpdatableWorker } from './service-worker';
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

/** A first screen and timers the test steps by hand: what is rendered, fetching, idle and due is what it says. */
function settlingPage() {
  let rendered: (() => void) | undefined;
  let fetching = 0;
  const fetchListeners = new Set<() => void>();
  const idle: Array<() => void> = [];
  const due: Array<{ ms: number; callback: () => void }> = [];
  const screen: FirstScreen = {
    onFirstRender: (callback) => void (rendered = callback),
    fetching: () => fetching,
    onFetchChange: (listener) => {
      fetchListeners.add(listener);
      return () => fetchListeners.delete(listener);
    },
  };
  const timers: Timers = { idle: (callback) => void idle.push(callback), after: (ms, callback) => void due.push({ ms, callback }) };
  let installs = 0;
  afterFirstScreen(screen, timers, () => (installs += 1));
  return {
    installs: () => installs,
    render: () => rendered?.(),
    setFetching: (n: number) => {
      fetching = n;
      for (const listener of [...fetchListeners]) listener();
    },
    goIdle: () => idle.splice(0).forEach((callback) => callback()),
    passCap: () => due.filter((d) => d.ms === SETTLE_CAP_MS).forEach((d) => d.callback()),
  };
}

describe('when the app starts installing', () => {
  it('only after the first screen has rendered, its data has come and the page has gone idle', () => {
    const page = settlingPage();
    page.goIdle();
    expect(page.installs()).toBe(0); // nothing rendered yet
    page.render();
    page.setFetching(2); // the page mounts and asks for its data
    page.goIdle();
    expect(page.installs()).toBe(0);
    page.setFetching(1);
    page.goIdle();
    expect(page.installs()).toBe(0); // one answer still out
    page.setFetching(0);
    expect(page.installs()).toBe(0); // the answer is drawn first
    page.goIdle();
    expect(page.installs()).toBe(1);
    page.setFetching(1);
    page.setFetching(0);
    page.goIdle();
    page.passCap();
    expect(page.installs()).toBe(1); // once
  });

  it('at once when idle after a first screen with nothing to fetch', () => {
    const page = settlingPage();
    page.render();
    page.goIdle();
    page.goIdle();
    expect(page.installs()).toBe(1);
  });

  it('after the cap on a page that never stops fetching', () => {
    const page = settlingPage();
    page.render();
    page.setFetching(1);
    page.goIdle();
    expect(page.installs()).toBe(0);
    page.passCap();
    expect(page.installs()).toBe(1);
  });
});
