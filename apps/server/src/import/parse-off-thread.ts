import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ImportWorkConfig, loadImportWorkConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { refuse } from './import-error.ts';
import type { parseScanFile, readTable } from './parse-scan.ts';

/**
 * Reading a file is CPU work that a hostile file can make long (or make exhaust memory), and the thread that does it
 * cannot answer anyone meanwhile. So uploads and CLI imports read their files in reader processes (parse-worker.ts),
 * each with a time budget and a heap limit: past either, the reader is ended and the file refused, and the server's
 * event loop never noticed. Readers are kept between files, because starting one (a Node.js process that loads tsx
 * and the readers) costs far more than reading a small file.
 */

type Rest<F> = F extends (content: Buffer, fileName: string, ...rest: infer R) => unknown ? R : never;

/** Reads and checks a whole scan file in a reader process: `parseScanFile`, off the event loop. */
export function parseScanFileOffThread(
  content: Buffer,
  fileName: string,
  ...options: Rest<typeof parseScanFile>
): Promise<ReturnType<typeof parseScanFile>> {
  return pool().run('scan', content, fileName, options) as Promise<ReturnType<typeof parseScanFile>>;
}

/** Reads a file's first table (pre-KvK points, Hall of Heroes) in a reader process: `readTable`, off the event loop. */
export function readTableOffThread(
  content: Buffer,
  fileName: string,
  ...options: Rest<typeof readTable>
): Promise<ReturnType<typeof readTable>> {
  return pool().run('table', content, fileName, options) as Promise<ReturnType<typeof readTable>>;
}

/** Replaces the settings read from the environment (tests, benchmarks); idle readers are ended. */
export function configureParseWorkers(config: ImportWorkConfig): void {
  void current?.close();
  current = new ParsePool(config);
}

/** Starts a reader ahead of the first file, so that the first upload does not pay for it. */
export function prewarmParseWorkers(): Promise<void> {
  return pool().prewarm();
}

/** Ends every idle reader (idle readers never keep a process alive; this frees their memory). */
export async function closeParseWorkers(): Promise<void> {
  await current?.close();
  current = undefined;
}

/** Messages between this process and a reader (parse-worker.ts answers them). */
export interface ParseJob {
  id: number;
  task: 'scan' | 'table';
  content: Uint8Array;
  fileName: string;
  options: unknown[];
}

export type ParseReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      refusal: { code: AppError['code']; message: string; issues: AppError['issues'] };
    }
  | { id: number; ok: false; failure: { name: string; message: string; stack: string | undefined } };

let current: ParsePool | undefined;

function pool(): ParsePool {
  current ??= new ParsePool(loadImportWorkConfig(process.env));
  return current;
}

const WORKER_ENTRY = fileURLToPath(new URL('./parse-worker-entry.mjs', import.meta.url));

interface Waiting {
  task: ParseJob['task'];
  content: Buffer;
  fileName: string;
  options: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class ParsePool {
  readonly #config: ImportWorkConfig;
  readonly #idle: ParseWorker[] = [];
  readonly #queue: Waiting[] = [];
  #busy = 0;
  readonly #size: number;

  constructor(config: ImportWorkConfig) {
    this.#config = config;
    // Two readers at most on this scale of machine: more would only take cores from the thread answering viewers.
    this.#size = Math.max(1, Math.min(config.workers, availableParallelism()));
  }

  run(task: ParseJob['task'], content: Buffer, fileName: string, options: unknown[]): Promise<unknown> {
    // The configured limits, unless the caller chose its own.
    const [first, ...rest] = options;
    const withLimits = [{ limits: this.#config.limits, ...(first as object | undefined) }, ...rest];
    return new Promise((resolve, reject) => {
      this.#queue.push({ task, content, fileName, options: withLimits, resolve, reject });
      this.#next();
    });
  }

  async prewarm(): Promise<void> {
    if (this.#idle.length > 0 || this.#busy > 0) return;
    const worker = new ParseWorker(this.#config);
    this.#idle.push(worker);
    await worker.ready;
  }

  async close(): Promise<void> {
    const idle = this.#idle.splice(0);
    await Promise.all(idle.map((worker) => worker.terminate()));
  }

  #next(): void {
    while (this.#queue.length > 0 && this.#busy < this.#size) {
      const waiting = this.#queue.shift()!;
      let worker = this.#idle.pop();
      // A reader that ended while idle (killed from outside, or it never started) is dropped.
      while (worker && !worker.usable) worker = this.#idle.pop();
      worker ??= new ParseWorker(this.#config);
      this.#busy += 1;
      // The worker is back in the pool before its caller resumes, so that a caller importing files one after
      // another keeps using the one worker instead of starting a second.
      const release = () => {
        this.#busy -= 1;
        if (worker.usable) this.#idle.push(worker);
        this.#next();
      };
      worker.run(waiting.task, waiting.content, waiting.fileName, waiting.options).then(
        (value) => {
          release();
          waiting.resolve(value);
        },
        (error: unknown) => {
          release();
          waiting.reject(error);
        },
      );
    }
  }
}

/**
 * One reader process, one file at a time. Once ended (budget, memory, crash) it is not used again.
 *
 * A process rather than a worker thread: V8 enforces a worker thread's heap limit only for some shapes of
 * allocation; one big array or string past it aborts the whole process, server included (nodejs/node#47224). A
 * process that runs out of memory ends alone.
 */
class ParseWorker {
  readonly ready: Promise<void>;
  readonly #child: ChildProcess;
  readonly #config: ImportWorkConfig;
  #usable = true;
  #nextId = 1;
  #pending: { id: number; settle(reply: ParseReply | Error): void } | undefined;
  /** The end of what the process wrote to stderr: how a crash says it ran out of memory. */
  #stderrTail = '';

  constructor(config: ImportWorkConfig) {
    this.#config = config;
    this.#child = fork(WORKER_ENTRY, [], {
      // Its own flags, not the parent's (a test runner's or a debugger's): tsx is registered by the entry itself.
      execArgv: [`--max-old-space-size=${config.memoryLimitMb}`],
      // Structured clone, as between threads: Buffers, Maps and Sets arrive as themselves.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: readerEnvironment(),
    });
    this.#child.stderr?.setEncoding('utf8');
    this.#child.stderr?.on('data', (text: string) => {
      this.#stderrTail = (this.#stderrTail + text).slice(-4096);
    });
    // Held until it is ready, so that waiting for a new reader keeps a process alive; idle once ready.
    this.#busy();
    let ready: () => void;
    this.ready = new Promise((resolve) => {
      ready = resolve;
    });
    this.#child.on('message', (reply: ParseReply | 'ready') => {
      if (reply === 'ready') {
        if (!this.#pending) this.#idle();
        ready();
      } else if (this.#pending?.id === reply.id) this.#pending.settle(reply);
    });
    this.#child.on('error', (error) => {
      this.#usable = false;
      this.#pending?.settle(error);
    });
    this.#child.on('exit', (code, signal) => {
      this.#usable = false;
      this.#pending?.settle(
        new ReaderExit(`the file reader stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`),
      );
    });
  }

  get usable(): boolean {
    return this.#usable;
  }

  async terminate(): Promise<void> {
    this.#usable = false;
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
    // Held until it has gone, so that a caller awaiting this is not left behind by an exiting process.
    this.#child.ref();
    this.#child.kill('SIGKILL');
    await exited;
  }

  run(task: ParseJob['task'], content: Buffer, fileName: string, options: unknown[]): Promise<unknown> {
    const id = this.#nextId++;
    const budgetMs = this.#config.timeBudgetMs;
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = (reply: ParseReply | Error) => {
        if (this.#pending?.id !== id) return;
        this.#pending = undefined;
        clearTimeout(timer);
        this.#idle();
        if (reply instanceof AppError) reject(reply);
        else if (reply instanceof Error) reject(this.#explain(reply, fileName));
        else if (reply.ok) resolve(reply.value);
        else if ('refusal' in reply)
          reject(new AppError(reply.refusal.code, reply.refusal.message, reply.refusal.issues));
        else reject(rebuildFailure(reply.failure, fileName));
      };
      this.#pending = { id, settle };
      this.#busy();
      const job: ParseJob = {
        id,
        task,
        content: new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
        fileName,
        options,
      };
      this.#child.send(job, (error) => {
        if (error) settle(error);
      });
      // The budget is the file's: it starts once the reader is up, not while a new one loads.
      void this.ready.then(() => {
        if (this.#pending?.id !== id) return;
        timer = setTimeout(() => {
          settle(
            refuse(fileName, `took longer than ${describeSeconds(budgetMs)} to read; ${TOO_BIG_ADVICE}`),
          );
          void this.terminate();
        }, budgetMs);
      });
    });
  }

  /** While it reads, the reader keeps this process alive (a CLI waits for it); idle, it does not. */
  #busy(): void {
    this.#child.ref();
    this.#child.channel?.ref();
    (this.#child.stderr as Socket | null)?.ref();
  }

  #idle(): void {
    this.#child.unref();
    this.#child.channel?.unref();
    (this.#child.stderr as Socket | null)?.unref();
  }

  #explain(error: Error, fileName: string): Error {
    if (error instanceof ReaderExit && /heap out of memory|Allocation failed/i.test(this.#stderrTail)) {
      return refuse(
        fileName,
        `needs more than ${this.#config.memoryLimitMb} MB of memory to read; ${TOO_BIG_ADVICE}`,
      );
    }
    if (error instanceof ReaderExit && this.#stderrTail.trim() !== '') {
      error.message += `: ${this.#stderrTail.trim().split('\n').slice(-5).join(' | ')}`;
    }
    return error;
  }
}

/**
 * The server's environment without its secrets: a reader needs none of them (it gets its limits with each file),
 * and what a file could make a reader do, it could then do with no database address or password at hand.
 */
export function readerEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/DATABASE_URL|REDIS_URL|SECRET|PASSWORD|TOKEN|^PG/.test(name)) delete env[name];
  }
  return env;
}

/** The reader process ended while reading a file. */
class ReaderExit extends Error {}

const TOO_BIG_ADVICE =
  'it is too large or not a well-formed file. Split it into smaller files, or open it in a spreadsheet and save it again';

/**
 * Exhausting the stack or the longest string or array V8 allows is the file's size or nesting, not a bug: say so
 * as a refusal. Anything else the reader threw is a bug, and stays an error (logged, answered as a 500).
 */
function rebuildFailure(
  failure: { name: string; message: string; stack: string | undefined },
  fileName: string,
) {
  if (failure.name === 'RangeError') {
    return refuse(fileName, `could not be read (${failure.message}); ${TOO_BIG_ADVICE}`);
  }
  const error = new Error(`Reading ${fileName} failed: ${failure.message}`);
  error.name = failure.name;
  if (failure.stack)
    error.stack = `${error.name}: ${error.message}\n${failure.stack.split('\n').slice(1).join('\n')}`;
  return error;
}

function describeSeconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
