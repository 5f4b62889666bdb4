import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient} router={router} />
  </StrictMode>,
);

// The splash of index.html stays over the page until the first route has rendered (its page, a redirect's target or
// an error), so the screen never goes blank between the two.
const dropSplash = router.subscribe('onRendered', () => {
  document.getElementById('boot')?.remove();
  dropSplash();
});

registerServiceWorker({
  onFirstRender: (callback) => {
    const stop = router.subscribe('onRendered', () => {
      stop();
      callback();
    });
  },
  fetching: () => queryClient.isFetching(),
  onFetchChange: (listener) => queryClient.getQueryCache().subscribe(listener),
});
