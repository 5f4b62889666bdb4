// Global setup of the `server-process` test project: the suites there spawn the server as `npm start` runs it —
// the esbuild bundle apps/server/dist/server.mjs — so it is built once before them, and only when it is missing or
// older than the server's sources (a fresh clone has no apps/server/dist yet).
import { ensureServerBuilt } from '../../../../scripts/build-server.mjs';

export async function setup() {
  const built = await ensureServerBuilt((message) => console.log(message));
  if (built) console.log(`server bundle built in ${Math.round(built.ms)} ms`);
}
