/**
 * The real server (apps/server/src/main.ts) in a child process, for the load and first-screen benchmarks: the load
 * generator must not share the server's event loop, or it would measure itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureWebApp } from './web-bundle.ts';

export interface BenchServer {
  baseUrl: string;
  /** From spawning the process until /api/health first answered 200, ms: the server's start-up time. */
  startMs: number;
  /** The server process's id, to read its CPU time (bench/viewers.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
}

interface ServerBuildScript {
  ensureServerBuild(): Promise<string>;
}

/** The server as `npm start` runs it: the bundle of scripts/server-build.mjs, rebuilt first when stale. */
async function serverEntry(): Promise<string> {
  const url = new URL('../scripts/server-build.mjs', import.meta.url).href;
  return ((await import(url)) as ServerBuildScript).ensureServerBuild();
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** Server log lines echoed to stderr at most; a flood of request errors under load would drown the report. */
const ECHOED_LINES = 20;
/** Settings that must keep their defaults whatever the caller's shell has set. */
const RESET_SETTINGS = [
  'DEMO_SECRET',
  'LOGIN_ENABLED',
  'TRUST_PROXY',
  'SHOP_URL',
  'PREMIUM_URL',
  'RATE_LIMIT_STORE',
  'REDIS_URL',
];

export async function startBenchServer(options: {
  databaseUrl: string;
  webApp?: boolean;
  /** Settings on top of the defaults (bench/processes.ts: RATE_LIMIT_STORE). */
  env?: Record<string, string>;
  /** Another server bundle than this checkout's (bench/first-screen-run.ts compares a snapshot with it). */
  entry?: string;
}): Promise<BenchServer> {
  // Without the web app (API-only benchmarks), nothing is built first.
  const { root } =
    options.webApp === false ? { root: join(import.meta.dirname, '..') } : await ensureWebApp();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of RESET_SETTINGS) delete env[name];
  Object.assign(env, {
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The bench data is never empty, but a generator that failed half-way must not be silently replaced by the
    // demo and measured as if it were the scale case.
    SEED_DEMO: 'false',
    ...options.env,
  });
  const entry = options.entry ?? (await serverEntry());
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = watchOutput(child);
  // Should the caller die without calling stop(), the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    process.removeListener('exit', killOnExit);
    throw error;
  }
  const startMs = performance.now() - spawnedAt;
  output.echoing = true;

  return {
    baseUrl,
    startMs,
    pid: child.pid,
    async stop() {
      // Requests the load generator abandoned at its deadline may still log on the way down: not the benchmark's.
      output.echoing = false;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
      if (output.dropped > 0) {
        process.stderr.write(`[bench server] ${output.dropped} more log lines not shown\n`);
      }
    },
  };
}

/** A port nobody listens on right now; the server binds it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Output {
  /** The end of stderr, to explain a failed start. */
  stderrTail: string;
  /** Log lines are echoed while the benchmark runs, not during start-up (stderrTail has those) or shutdown. */
  echoing: boolean;
  dropped: number;
}

/**
 * Drains both pipes (a full pipe would block the server's writes and stall it mid-benchmark), keeps stderr's end
 * for error messages, and echoes the first log lines once the server is up: at LOG_LEVEL=warn they are the
 * warnings and request errors worth seeing next to the figures.
 */
function watchOutput(child: ChildProcess): Output {
  const output: Output = { stderrTail: '', echoing: false, dropped: 0 };
  let echoed = 0;
  const echo = (text: string) => {
    if (!output.echoing) return;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      if (echoed < ECHOED_LINES) {
        echoed += 1;
        process.stderr.write(`[bench server] ${line}\n`);
      } else {
        output.dropped += 1;
      }
    }
  };
  child.stdout?.setEncoding('utf8').on('data', echo);
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    output.stderrTail = (output.stderrTail + text).slice(-8_000);
    echo(text);
  });
  return output;
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: Output): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const failure = (reason: string) =>
    new Error(`The bench server ${reason}.${output.stderrTail ? `\nIts stderr:\n${output.stderrTail}` : ''}`);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw failure(`exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    // Polled often: the wait until the next poll would be counted as start-up time.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw failure(`did not answer /api/health with 200 within ${READY_TIMEOUT_MS / 1000} s`);
}
