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

/**
 * Registers the built service worker (sw.js, made by vite-plugin-pwa at build) so the app shell opens offline and
 * installs. Production builds only: the dev server and tests have no sw.js, and a worker there would serve stale code.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !installsOn(window.location.pathname)) return;
  const worker = new Workbox('/sw.js', { scope: '/' });
  watchForUpdates(worker, { onUpdate: showUpdatePrompt, reload: () => window.location.reload() });
  // Registration can be refused (private windows, blocked by policy or a test browser): the app then simply works
  // online only, as it did before it could install.
  worker.register().catch(() => undefined);
}
