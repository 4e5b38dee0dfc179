// `npm start`: builds the web app if it is missing or stale, then runs the server (which migrates the database and
// seeds the demo into an empty one). Settings come from the environment; see README.md.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
