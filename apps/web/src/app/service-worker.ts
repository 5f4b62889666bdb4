import { Workbox } from 'workbox-window';
import { showUpdatePrompt } from './update-prompt';

/** The part of workbox-window's Workbox the update flow uses; tests pass a fake with the same shape. */
export type UpdatableWorker = {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
};

export type UpdateHandlers = {
  /** Called when a new release is installed and waiting; `apply` activates it and reloads the page. */
  onUpdate(apply: () => void): void;
  reload(): void;
};

/**
 * Offers a waiting release to the user and never applies it unasked: the page reloads only after `apply`, once the
 * new worker controls it, so a technician mid-form is never reloaded by an update (nor by another tab's Reload).
 */
export function watchForUpdates(worker: UpdatableWorker, handlers: UpdateHandlers): void {
  let applying = false;
  worker.addEventListener('controlling', () => {
    if (applying) handlers.reload();
  });
  worker.addEventListener('waiting', () => {
    handlers.onUpdate(() => {
      applying = true;
      worker.messageSkipWaiting();
    });
  });
}

/**
 * The installable app is the staff's: a customer opening a portal link (a visit page, a document to sign) on their
 * phone does not download the whole app in the background.
 */
export function installsOn(pathname: string): boolean {
  return pathname !== '/portal' && !pathname.startsWith('/portal/');
}

/** What the app tells the worker's registration about its first screen; main.tsx wires the router and query client. */
export type FirstScreen = {
  /** Calls back once, when the first route has rendered. */
  onFirstRender(callback: () => void): void;
  /** How many queries are fetching now, and a subscription called whenever that may have changed. */
  fetching(): number;
  onFetchChange(listener: () => void): () => void;
};

export type Timers = {
  /** Runs the callback when the page is idle (requestIdleCallback where the browser has it). */
  idle(callback: () => void): void;
  after(ms: number, callback: () => void): void;
};

/**
 * The install downloads and stores the whole app (~2 MiB): started while the first screen still waits for its data or
 * draws it, it competed for the same cores — the scheduler's week of 2,000 entries drew in 542 ms after its data, 345
 * ms with the install waiting, on this project's 2-core machine (bench:scheduler-ui, each load a first visit). So it starts once
 * the first route has rendered, its queries have answered and the page has gone idle; SETTLE_CAP_MS bounds the wait
 * on a page that keeps fetching, so the app still installs there.
 */
export const SETTLE_CAP_MS = 10_000;

export function afterFirstScreen(screen: FirstScreen, timers: Timers, run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    run();
  };
  timers.after(SETTLE_CAP_MS, start);
  const whenQuiet = () => {
    if (screen.fetching() === 0) return timers.idle(start);
    const stop = screen.onFetchChange(() => {
      if (screen.fetching() > 0) return;
      stop();
      // The answer is drawn after its fetch ends: idle again, so the draw goes first.
      timers.idle(start);
    });
  };
  // A page's queries start as it mounts, just after the render the router reports: idle once before looking.
  screen.onFirstRender(() => timers.idle(whenQuiet));
}

const browserTimers: Timers = {
  idle: (callback) => ('requestIdleCallback' in window ? window.requestIdleCallback(() => callback(), { timeout: 2_000 }) : setTimeout(callback, 200)),
  after: (ms, callback) => setTimeout(callback, ms),
};

/**
 * Registers the built service worker (sw.js, made by vite-plugin-pwa at build) so the app shell opens offline and
 * installs, once the first screen is drawn (afterFirstScreen). Production builds only: the dev server and tests have no
 * sw.js, and a worker there would serve stale code.
 */
export function registerServiceWorker(screen: FirstScreen): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !installsOn(window.location.pathname)) return;
  afterFirstScreen(screen, browserTimers, () => {
    const worker = new Workbox('/sw.js', { scope: '/' });
    watchForUpdates(worker, { onUpdate: showUpdatePrompt, reload: () => window.location.reload() });
    // Registration can be refused (private windows, blocked by policy or a test browser): the app then simply works
    // online only, as it did before it could install.
    worker.register({ immediate: true }).catch(() => undefined);
  });
}
