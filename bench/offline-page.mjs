// The page side of bench/offline.mjs: what runs inside Chromium (an init script that stamps when My day's first card
// is on screen, IndexedDB reads of the kept store, the timed clock-in tap and the wait for the queue to empty).
// Every time here is the page's performance.now(): milliseconds from the document's navigation start.

/**
 * Added to the context before any page script: stamps the first DOM change after which a My day card
 * (`[aria-label="Tasks in order"] li`, with a box) is there, and the first after which the "Offline — last updated"
 * banner is there too, each followed by the next frame (rAF, then a posted message: the frame holding it is painted).
 */
export function stampMyDay() {
  const stamps = { card: null, cardFrame: null, cardOffline: null, cardOfflineFrame: null };
  window.__fwStamps = stamps;
  const afterFrame = (key) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (stamps[key] = performance.now());
      ch.port2.postMessage(0);
    });
  const check = () => {
    if (stamps.cardOffline !== null) return;
    const li = document.querySelector('[aria-label="Tasks in order"] li');
    if (!li || li.getBoundingClientRect().height === 0) return;
    const now = performance.now();
    if (stamps.card === null) {
      stamps.card = now;
      afterFrame('cardFrame');
    }
    if (document.body.textContent.includes('Offline — last updated')) {
      stamps.cardOffline = now;
      afterFrame('cardOfflineFrame');
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** First contentful paint of this document (ms from navigation start), once Chromium has reported it. */
export const firstContentfulPaint = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;

/**
 * Taps `button` (the open "Clock in" dialog's own Clock in button) and waits for the card of task `taskNumber` to show
 * "Waiting to sync": the tap → the DOM change that shows it, and → the next frame.
 */
export function timeClockIn([button, taskNumber]) {
  return new Promise((resolve, reject) => {
    const card = () => [...document.querySelectorAll('li[aria-label]')].find((li) => li.getAttribute('aria-label').startsWith(`Task #${taskNumber} `));
    let done = false;
    const started = performance.now();
    const check = () => {
      if (done || !card()?.textContent.includes('Waiting to sync')) return;
      done = true;
      obs.disconnect();
      const dom = performance.now() - started;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve({ dom, frame: performance.now() - started });
        ch.port2.postMessage(0);
      });
    };
    const obs = new MutationObserver(check);
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    button.click();
    check();
    setTimeout(() => !done && reject(new Error(`task #${taskNumber}: no "Waiting to sync" within 30 s`)), 30_000);
  });
}

/**
 * Arms a timer for the next `online` event: from it to the `actions` store being empty (polled every 10 ms).
 * The promise is left on window.__fwSync for the bench to await after it switches the network back on.
 */
export function armSyncTimer() {
  window.__fwSync = new Promise((resolve, reject) => {
    addEventListener(
      'online',
      async () => {
        const started = performance.now();
        const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('fieldwork-offline'))?.name;
        const db = await new Promise((ok, fail) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => ok(req.result);
          req.onerror = () => fail(req.error);
        });
        const count = () =>
          new Promise((ok, fail) => {
            const req = db.transaction('actions').objectStore('actions').count();
            req.onsuccess = () => ok(req.result);
            req.onerror = () => fail(req.error);
          });
        const deadline = started + 60_000;
        while ((await count()) > 0) {
          if (performance.now() > deadline) return (db.close(), reject(new Error('the queue was not empty 60 s after going online')));
          await new Promise((r) => setTimeout(r, 10));
        }
        db.close();
        resolve(performance.now() - started);
      },
      { once: true },
    );
  });
}
