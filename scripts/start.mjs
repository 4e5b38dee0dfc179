// `npm start`: builds the web app and bundles the server if either is missing or stale, then runs the server (which
// migrates the database and seeds the demo into an empty one) under a supervisor that starts it again if it crashes.
// Settings come from the environment; see README.md. SIGTERM or SIGINT (Ctrl-C) stop the server and then this process.
import { ensureServerBuild } from './server-build.mjs';
import { supervise } from './supervise.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const serverEntry = await ensureServerBuild();

const code = await supervise({
  command: process.execPath,
  args: [serverEntry],
  cwd: root,
  stopWhenOrphaned: true,
});
process.exit(code);
