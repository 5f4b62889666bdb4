// The entry of a PDF render thread when the server runs its TypeScript through tsx (tests, `npm run dev:server`):
// a worker thread on Node 20 does not inherit the loader hooks of the thread that started it (`--import tsx` in
// its execArgv does not register them either), so this plain module registers tsx in the thread, then loads the
// TypeScript worker. The bundle `npm start` runs has its own file of this name, the worker already built.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-render.worker.ts');
