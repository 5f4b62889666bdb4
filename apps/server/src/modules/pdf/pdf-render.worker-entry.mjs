// The entry of a PDF render thread. The server runs its TypeScript through tsx, and a worker thread on Node 20
// does not inherit the loader hooks of the thread that started it (`--import tsx` in its execArgv does not
// register them either), so this plain module registers tsx in the thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-render.worker.ts');
