// Keeps a server process running: starts it, starts it again after an abnormal exit (a crash, an out-of-memory
// kill), and passes SIGINT/SIGTERM/SIGHUP on to it, exiting when it exits. `npm start` uses it (scripts/start.mjs),
// so a site run without systemd or another process manager still comes back after a crash; docs/operations.md.
import { spawn } from 'node:child_process';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Resolves with the exit code the supervisor should exit with.
 * - The server exits on its own with code 0: it meant to stop; so does the supervisor (0).
 * - A signal arrives (or, with stopWhenOrphaned, the parent process goes away): it is passed on as is (SIGTERM);
 *   when the server has exited, the supervisor exits with its code.
 * - Any other exit is a crash: the server is started again after a pause that doubles with each crash in a row
 *   (firstDelayMs … maxDelayMs), and the run of crashes is forgotten once the server has stayed up for stableMs.
 *   A server that had started (it sends `{ type: 'ready' }` once it listens: apps/server/src/main.ts) is always
 *   started again, however often it dies (an out-of-memory loop included): the site comes back whenever it can.
 *   Only a crash loop at start-up — `maxStartupCrashes` exits in a row before the server was ready (a wrong
 *   setting, a port in use, a database it cannot open) — makes the supervisor give up with the server's code, since
 *   restarting cannot help there.
 */
export function supervise({
  command,
  args = [],
  cwd,
  env = process.env,
  firstDelayMs = 1000,
  maxDelayMs = 30_000,
  stableMs = 60_000,
  maxStartupCrashes = 5,
  log = (line) => process.stderr.write(`[supervisor] ${line}\n`),
  stopWhenOrphaned = false,
}) {
  return new Promise((resolve) => {
    let child;
    let stopping = false;
    let crashesInARow = 0;
    let startupCrashesInARow = 0;
    let restartTimer;

    const onSignal = (signal) => {
      if (stopping && child) {
        // A second Ctrl-C: the person wants it gone now.
        child.kill('SIGKILL');
        return;
      }
      stopping = true;
      if (restartTimer) {
        clearTimeout(restartTimer);
        finish(0);
      } else child?.kill(signal);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

    // `npm start` runs this script through `sh -c`, and `kill -TERM` of npm ends npm and the shell without passing
    // the signal on: this process is then re-parented, which is the sign to stop as if it had been sent SIGTERM.
    const parent = process.ppid;
    const orphanWatch = stopWhenOrphaned
      ? setInterval(() => {
          if (process.ppid !== parent && !stopping) {
            log('the process that started npm start has gone; stopping the server');
            onSignal('SIGTERM');
          }
        }, 500)
      : undefined;
    orphanWatch?.unref();

    const finish = (code) => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      clearInterval(orphanWatch);
      resolve(code);
    };

    const start = () => {
      restartTimer = undefined;
      const startedAt = Date.now();
      let ready = false;
      // The IPC channel only carries the server's "ready"; its output goes straight to ours.
      child = spawn(command, args, { cwd, env, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
      child.on('message', (message) => {
        if (message?.type === 'ready') ready = true;
      });
      child.on('error', (error) => log(`could not start the server: ${error.message}`));
      child.on('exit', (code, signal) => {
        child = undefined;
        if (stopping) return finish(code ?? 0);
        if (code === 0) return finish(0);
        if (Date.now() - startedAt >= stableMs) crashesInARow = 0;
        crashesInARow += 1;
        startupCrashesInARow = ready ? 0 : startupCrashesInARow + 1;
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        if (startupCrashesInARow >= maxStartupCrashes) {
          log(
            `the server ${how} before it was ready, the ${startupCrashesInARow}th start in a row to fail; ` +
              'this is a crash loop at start-up (a setting, the port, the database): not restarting it. ' +
              'Fix the cause printed above and start it again',
          );
          return finish(code ?? 1);
        }
        const delay = Math.min(firstDelayMs * 2 ** (crashesInARow - 1), maxDelayMs);
        const when = ready ? 'after it had started' : 'while starting';
        log(`the server ${how} ${when}; starting it again in ${delay / 1000} s`);
        restartTimer = setTimeout(start, delay);
      });
    };
    start();
  });
}
