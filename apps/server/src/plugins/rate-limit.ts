import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** How many failures a client may have per window before it is refused (429) until the window ends. */
export interface RateLimitSettings {
  /** Failed sign-ins per client address per window. */
  signInPerAddress: number;
  /** Failed sign-ins per username per window, whatever the address (a spread-out guesser). */
  signInPerUsername: number;
  /** Wrong kd/code (or demo secret) pairs per client address per window. */
  wrongCodePerAddress: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signInPerAddress: 10,
  signInPerUsername: 5,
  wrongCodePerAddress: 30,
  windowMs: 60_000,
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a minute and try again.';

/**
 * Counts failures per key in fixed windows. Memory stays bounded: expired windows are dropped as the map grows, and
 * past `maxKeys` the oldest entries go first (a flood of fresh addresses cannot grow it without limit).
 */
export class FailureCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string): number {
    const entry = this.windows.get(key);
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.windows.delete(key);
      return 0;
    }
    return entry.count >= this.limit ? left : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.windows.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    if (this.windows.size >= this.maxKeys) this.sweep(now);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

export interface RateLimiters {
  settings: RateLimitSettings;
  signInByAddress: FailureCounter;
  signInByUsername: FailureCounter;
  wrongCodeByAddress: FailureCounter;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimiters;
  }
}

export function refuseTooMany(reply: FastifyReply, waitMs: number, message: string): never {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new AppError('RATE_LIMITED', message);
}

/**
 * Requests that name a kingdom's access code (in the path, `code` in the body or query, or `passed_data.code`) or a demo
 * secret: a wrong one is a guess, and the answer (200 or 404) tells the guesser whether it was right.
 */
export function isGuessableRequest(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (url.includes('/:code') || url.includes('/:secret')) return true;
  const body = request.body as { code?: unknown; passed_data?: { code?: unknown } } | null | undefined;
  if (typeof body === 'object' && body !== null) {
    if (typeof body.code === 'string') return true;
    // The formula save payload carries the code inside passed_data (SPEC §7).
    if (typeof body.passed_data === 'object' && typeof body.passed_data?.code === 'string') return true;
  }
  // The pre-KvK rankings and formula reset take the code as `?code=`.
  const query = request.query as { code?: unknown } | null | undefined;
  return typeof query === 'object' && query !== null && typeof query.code === 'string';
}

/**
 * Rate limits against guessing. Viewer calls (kd + access code) and the demo link answer 404 for a wrong pair; each
 * 404 there counts against the client's address, and a client over the limit gets 429 on every such call, right
 * code or not, until its window ends. Sign-in failures are counted by the sign-in route itself (per address and per
 * username). Counters live in this process: one server, or one per instance behind a load balancer.
 */
export const rateLimitPlugin = fp<{ settings?: Partial<RateLimitSettings> }>(
  async (app: FastifyInstance, options) => {
    const settings = { ...DEFAULT_RATE_LIMITS, ...options.settings };
    app.decorate('rateLimits', {
      settings,
      signInByAddress: new FailureCounter(settings.signInPerAddress, settings.windowMs),
      signInByUsername: new FailureCounter(settings.signInPerUsername, settings.windowMs),
      wrongCodeByAddress: new FailureCounter(settings.wrongCodePerAddress, settings.windowMs),
    });

    // preHandler: after the body is parsed (update-tables carries the code in it), before any database work.
    app.addHook('preHandler', async (request, reply) => {
      if (!isGuessableRequest(request)) return;
      const wait = app.rateLimits.wrongCodeByAddress.blockedFor(request.ip);
      if (wait > 0) refuseTooMany(reply, wait, TOO_MANY_ATTEMPTS);
    });

    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 404 && isGuessableRequest(request)) {
        app.rateLimits.wrongCodeByAddress.fail(request.ip);
      }
    });
  },
);
