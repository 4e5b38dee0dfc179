import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_IPV6_PREFIX_BITS } from '../config.ts';
import { AppError } from '../errors.ts';
import { rateLimitAddress } from './client-address.ts';
import { type CounterStore, MemoryCounterStore } from './counter-store.ts';
import { FailureCounter } from './failure-counter.ts';
import { type CodeGuess, WrongCodeLimiter, type WrongCodeSettings } from './wrong-code-limiter.ts';

/** How many failures a client may have per window before it is refused (429) until the window ends. */
export interface RateLimitSettings extends WrongCodeSettings {
  /** Failed sign-ins per client address per window. */
  signInPerAddress: number;
  /** Failed sign-ins per username per window, whatever the address (a spread-out guesser). */
  signInPerUsername: number;
  /** The IPv6 network counted as one address (RATE_LIMIT_IPV6_PREFIX; client-address.ts). */
  ipv6PrefixBits: number;
  /** Refused upload tokens per client address per window (a machine guessing tokens). */
  wrongUploadTokenPerAddress: number;
  /** Files sent with one kingdom's upload token per window (a runaway scanner loop). */
  tokenUploadsPerKingdom: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signInPerAddress: 10,
  signInPerUsername: 5,
  wrongCodePerPair: 30,
  wrongCodePerAddress: 30,
  wrongCodePerKingdom: 300,
  windowMs: 60_000,
  trustedViewerMs: 6 * 60 * 60_000,
  ipv6PrefixBits: DEFAULT_IPV6_PREFIX_BITS,
  wrongUploadTokenPerAddress: 10,
  tokenUploadsPerKingdom: 30,
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a minute and try again.';

export interface RateLimiters {
  settings: RateLimitSettings;
  /** The address the limits count this request's client under: an IPv6 client's whole /64 (client-address.ts). */
  addressOf(request: FastifyRequest): string;
  signInByAddress: FailureCounter;
  signInByUsername: FailureCounter;
  wrongCodes: WrongCodeLimiter;
  wrongUploadTokens: FailureCounter;
  /** Counts each file sent with a kingdom's upload token, whatever its outcome. */
  tokenUploads: FailureCounter;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimiters;
  }
  interface FastifyRequest {
    /** Set by a handler whose refusal answers a guess that is not a 404 (see countAsWrongCode). */
    refusedGuess: CodeGuess | null;
  }
}

export function refuseTooMany(reply: FastifyReply, waitMs: number, message: string): never {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new AppError('RATE_LIMITED', message);
}

/**
 * The secret a request presents, if any: a kingdom's access code (in the path, `code` in the body or query, or
 * `passed_data.code`) or the demo secret. A wrong one is a guess, and the answer (200 or 404) tells the guesser
 * whether it was right. The target is the kingdom named beside the code, `*` for calls by code alone.
 */
export function describeGuess(request: FastifyRequest): CodeGuess | null {
  const url = request.routeOptions.url ?? '';
  const params = record(request.params);
  const body = record(request.body);
  // The formula save payload carries the code inside passed_data (SPEC §7).
  const passed = record(body.passed_data);
  // The pre-KvK rankings and formula reset take the code as `?code=`.
  const query = record(request.query);
  if (url.includes('/:secret')) return { target: 'demo', code: keyText(params.secret) ?? '' };
  const code = firstText(
    url.includes('/:code') ? params.code : undefined,
    body.code,
    passed.code,
    query.code,
  );
  if (code === undefined) return null;
  const kd = firstText(params.kd, params.kdno, body.kd, passed.kdnumber, passed.kd, query.kd);
  return { target: kd === undefined || kd === '' ? '*' : `kd ${kd}`, code };
}

/** True when the request presents an access code or demo secret (see describeGuess). */
export function isGuessableRequest(request: FastifyRequest): boolean {
  return describeGuess(request) !== null;
}

/**
 * For a refusal that answers a guess without being a 404: choosing an access code another kingdom uses is refused,
 * and that refusal would tell an admin the code exists, so it costs the same as a wrong code.
 */
export function countAsWrongCode(request: FastifyRequest, guess: CodeGuess): void {
  request.refusedGuess = { target: guess.target, code: keyText(guess.code) ?? '' };
}

/**
 * Rate limits against guessing (the rules: wrong-code-limiter.ts). Viewer calls (kd + access code) and the demo
 * link answer 404 for a wrong pair; each 404 there is counted for the client's address, and a blocked client gets
 * 429 on such calls, right code or not, until its window ends. Sign-in failures are counted by the sign-in route
 * itself (per address and per username). Counters live in `store`: this process's memory unless the server was
 * given a shared one (counter-store.ts), which its caller then closes.
 */
export const rateLimitPlugin = fp<{ settings?: Partial<RateLimitSettings>; store?: CounterStore }>(
  async (app: FastifyInstance, options) => {
    const settings = { ...DEFAULT_RATE_LIMITS, ...options.settings };
    const store = options.store ?? new MemoryCounterStore();
    app.decorate('rateLimits', {
      settings,
      addressOf: (request: FastifyRequest) => rateLimitAddress(request.ip, settings.ipv6PrefixBits),
      signInByAddress: new FailureCounter(
        settings.signInPerAddress,
        settings.windowMs,
        store,
        'sign-in-address',
      ),
      signInByUsername: new FailureCounter(
        settings.signInPerUsername,
        settings.windowMs,
        store,
        'sign-in-user',
      ),
      wrongCodes: new WrongCodeLimiter(settings, store),
      wrongUploadTokens: new FailureCounter(
        settings.wrongUploadTokenPerAddress,
        settings.windowMs,
        store,
        'upload-token-address',
      ),
      tokenUploads: new FailureCounter(
        settings.tokenUploadsPerKingdom,
        settings.windowMs,
        store,
        'token-uploads',
      ),
    });
    app.decorateRequest('refusedGuess', null);

    // A proxy on this machine that sends X-Forwarded-For while TRUST_PROXY leaves it unbelieved puts every viewer on
    // one address: still safe (see wrong-code-limiter.ts), but the operator should know, once.
    let warnedUntrustedProxy = false;
    app.addHook('onRequest', async (request) => {
      if (warnedUntrustedProxy || request.headers['x-forwarded-for'] === undefined) return;
      const socketAddress = request.socket.remoteAddress ?? '';
      if (request.ip !== socketAddress || !isLoopback(socketAddress)) return;
      warnedUntrustedProxy = true;
      request.log.warn(
        `X-Forwarded-For from ${socketAddress} is ignored, so every client of that proxy shares one address for the ` +
          'rate limits. If it is your reverse proxy, set TRUST_PROXY=loopback (docs/operations.md, "Behind a reverse proxy").',
      );
    });

    // preHandler: after the body is parsed (update-tables carries the code in it), before any database work.
    app.addHook('preHandler', async (request, reply) => {
      const guess = describeGuess(request);
      if (!guess) return;
      const wait = await app.rateLimits.wrongCodes.blockedFor(app.rateLimits.addressOf(request), guess);
      if (wait > 0) refuseTooMany(reply, wait, TOO_MANY_ATTEMPTS);
    });

    // Counted before the answer leaves (onSend, not onResponse): with a shared store the write takes a round trip,
    // and a guesser's next request, on this process or another, must already see it.
    app.addHook('onSend', async (request, reply, payload) => {
      await countAnswer(app, request, reply.statusCode);
      return payload;
    });
  },
);

async function countAnswer(app: FastifyInstance, request: FastifyRequest, status: number): Promise<void> {
  const address = app.rateLimits.addressOf(request);
  if (request.refusedGuess) return app.rateLimits.wrongCodes.wrong(address, request.refusedGuess);
  if (status !== 404 && (status < 200 || status >= 300)) return;
  const guess = describeGuess(request);
  if (!guess) return;
  if (status === 404) await app.rateLimits.wrongCodes.wrong(address, guess);
  else await app.rateLimits.wrongCodes.right(address, guess);
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Codes and kds as counter keys: compared as the server compares codes, and short whatever was sent. */
function keyText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  return value.trim().toLowerCase().slice(0, 100);
}

function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    const text = keyText(value);
    if (text !== undefined) return text;
  }
  return undefined;
}
