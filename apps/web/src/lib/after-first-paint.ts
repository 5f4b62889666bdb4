/**
 * Resolves once the page has shown its first content (first contentful paint), or after `maxWaitMs` if the browser
 * never reports one (a tab opened in the background paints nothing until shown). Code that the first screen does not
 * need, such as the device store and Dexie under it (~40 kB gzipped), starts loading only then: fetched and parsed
 * before the first paint it made the dashboard's first-load JavaScript cross the 200 kB budget on a slow phone.
 * Where paint timing does not exist (tests), it resolves on the next task.
 */
export function afterFirstPaint(maxWaitMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!supported) return void setTimeout(resolve, 0);
    let observer: PerformanceObserver | null = null;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done();
    });
    // buffered: a paint that happened before this call (the app signed in long ago) counts at once.
    observer.observe({ type: 'paint', buffered: true });
  });
}
