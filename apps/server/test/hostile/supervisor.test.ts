import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SUPERVISE = pathToFileURL(resolve(import.meta.dirname, '../../../../scripts/supervise.mjs')).href;

/**
 * The supervisor behind `npm start`, driven as a process of its own around a stand-in server: a script that logs
 * each start, then crashes as often as told, or runs until a signal and exits 0 as the real server does.
 */
describe('npm start supervisor', () => {
  let folder: string;
  let supervisor: ChildProcess | undefined;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'supervisor-'));
  });
  afterEach(() => {
    supervisor?.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  /**
   * A stand-in server: fails to start on its first `startFailures` starts (throws before it is ready); then, on its
   * next `killsAfterReady` starts, says it is ready and is killed at once (as the kernel's out-of-memory killer
   * does); then runs until SIGTERM (exit 0).
   */
  function standInServer(startFailures: number, killsAfterReady = 0): string {
    const script = join(folder, 'server.mjs');
    writeFileSync(
      script,
      `import { appendFileSync, readFileSync } from 'node:fs';
const log = ${JSON.stringify(join(folder, 'starts.log'))};
process.on('SIGTERM', () => { appendFileSync(log, 'stopped by SIGTERM\\n'); process.exit(0); });
appendFileSync(log, 'start ' + process.pid + '\\n');
const starts = readFileSync(log, 'utf8').trim().split('\\n').length;
if (starts <= ${startFailures}) throw new Error('crash number ' + starts);
process.send?.({ type: 'ready' });
if (starts <= ${startFailures + killsAfterReady}) setTimeout(() => process.kill(process.pid, 'SIGKILL'), 20);
setInterval(() => {}, 1000);
`,
    );
    return script;
  }

  function supervisorCode(script: string, options: Record<string, number | boolean>): string {
    return `import { supervise } from ${JSON.stringify(SUPERVISE)};
process.exit(await supervise({ command: process.execPath, args: [${JSON.stringify(script)}],
  firstDelayMs: 50, maxDelayMs: 200, ...${JSON.stringify(options)} }));`;
  }

  let supervisorLog = '';
  function startSupervisor(script: string, options: Record<string, number> = {}): Promise<number | null> {
    const code = supervisorCode(script, options);
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    supervisorLog = '';
    child.stderr?.on('data', (chunk) => {
      supervisorLog += String(chunk);
    });
    supervisor = child;
    return new Promise((done) => child.on('exit', (exitCode) => done(exitCode)));
  }

  function starts(): string[] {
    const log = join(folder, 'starts.log');
    return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  }

  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }

  it('starts a crashed server again, and SIGTERM stops the server and then itself', async () => {
    const exited = startSupervisor(standInServer(2));
    await until(() => starts().length === 3);
    supervisor!.kill('SIGTERM');
    expect(await exited).toBe(0);
    const log = starts();
    expect(log).toHaveLength(4);
    expect(log[3]).toBe('stopped by SIGTERM');
    // Every start was its own process, and none is left running.
    const pids = log.slice(0, 3).map((line) => Number(line.split(' ')[1]));
    expect(new Set(pids).size).toBe(3);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });

  it('gives up on a server that crashes at every start, with its exit code, and says why', async () => {
    const exited = startSupervisor(standInServer(100), { maxStartupCrashes: 3 });
    expect(await exited).toBe(1);
    expect(starts()).toHaveLength(3);
    expect(supervisorLog).toContain('this is a crash loop at start-up');
  });

  it('keeps starting a server that had started, however often and soon it is killed', async () => {
    // Seven out-of-memory kills in a row, each within a second of a start: more than the start-up limit.
    const exited = startSupervisor(standInServer(0, 7), { maxStartupCrashes: 3 });
    await until(() => starts().length === 8);
    supervisor!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(starts()[8]).toBe('stopped by SIGTERM');
    expect(supervisorLog).toContain('was killed by SIGKILL after it had started; starting it again');
    expect(supervisorLog).not.toContain('crash loop');
  });

  it('SIGINT while it waits to restart stops it at once', async () => {
    const exited = startSupervisor(standInServer(100), { firstDelayMs: 60_000, maxDelayMs: 60_000 });
    await until(() => starts().length === 1);
    // Let the supervisor see the crash and schedule the restart.
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    supervisor!.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(starts()).toHaveLength(1);
  });

  it('stops the server when what started it goes away without passing a signal on (npm start via sh -c)', async () => {
    const script = standInServer(0);
    // A shell that does not exec its command, as npm runs a script: killing it leaves the supervisor re-parented.
    const code = supervisorCode(script, { stopWhenOrphaned: true });
    const shell = spawn('/bin/sh', ['-c', `"${process.execPath}" --input-type=module -e '${code}'; true`], {
      stdio: 'ignore',
    });
    supervisor = shell;
    await until(() => starts().length === 1);
    shell.kill('SIGKILL');
    await until(() => starts().length === 2);
    expect(starts()[1]).toBe('stopped by SIGTERM');
    const pid = Number(starts()[0]!.split(' ')[1]);
    await until(() => !isRunning(pid));
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
