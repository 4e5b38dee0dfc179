import type { CounterStore } from './counter-store.ts';
import { FailureCounter, RecentSet } from './failure-counter.ts';

/** One attempt at a secret: which kingdom (or `*` for calls by code alone, `demo` for the demo link) and the code. */
export interface CodeGuess {
  target: string;
  code: string;
}

export interface WrongCodeSettings {
  /** The same wrong code from one address for one target: the stale link a viewer keeps reloading. */
  wrongCodePerPair: number;
  /** Different wrong codes from one address, whatever the target: someone guessing. */
  wrongCodePerAddress: number;
  /** Different wrong codes for one target from all addresses together: a guesser spread over many addresses. */
  wrongCodePerKingdom: number;
  windowMs: number;
  /** How long an address that opened a target with its right code is spared that target's ceiling. */
  trustedViewerMs: number;
}

/**
 * Why three counters (docs/security.md, "Wrong access codes"): many viewers can share one address (a school, a
 * mobile carrier, a proxy that sends no X-Forwarded-For), and one of them reloading an old link must not lock the
 * others out. So a repeated wrong code only blocks that same code from that address; an address is blocked only
 * after it tried many *different* wrong codes, which is what guessing looks like; and a kingdom's ceiling over all
 * addresses stops a spread-out guesser without shutting out viewers who already opened it with the right code.
 * A blocked caller gets 429 whether its next code is right or wrong, so the block itself never tells a guesser
 * anything.
 */
export class WrongCodeLimiter {
  private readonly repeats: FailureCounter;
  private readonly byAddress: FailureCounter;
  private readonly byTarget: FailureCounter;
  /** Which wrong codes a target has seen this window, so its ceiling counts each code once. */
  private readonly targetCodes: FailureCounter;
  private readonly trustedViewers: RecentSet;

  constructor(settings: WrongCodeSettings, store: CounterStore) {
    this.repeats = new FailureCounter(settings.wrongCodePerPair, settings.windowMs, store, 'code-pair');
    this.byAddress = new FailureCounter(
      settings.wrongCodePerAddress,
      settings.windowMs,
      store,
      'code-address',
    );
    this.byTarget = new FailureCounter(settings.wrongCodePerKingdom, settings.windowMs, store, 'code-target');
    this.targetCodes = new FailureCounter(
      Number.POSITIVE_INFINITY,
      settings.windowMs,
      store,
      'code-target-codes',
    );
    this.trustedViewers = new RecentSet(settings.trustedViewerMs, store, 'trusted-viewer');
  }

  /** Milliseconds the caller must wait before this guess is answered, or 0. */
  async blockedFor(address: string, guess: CodeGuess): Promise<number> {
    const pair = await this.repeats.blockedFor(pairKey(address, guess));
    if (pair > 0) return pair;
    const byAddress = await this.byAddress.blockedFor(address);
    if (byAddress > 0) return byAddress;
    if (await this.trustedViewers.has(viewerKey(address, guess))) return 0;
    return this.byTarget.blockedFor(guess.target);
  }

  async wrong(address: string, guess: CodeGuess): Promise<void> {
    // Only a code this address has not tried in this window counts towards its guessing limit.
    if ((await this.repeats.fail(pairKey(address, guess))) === 1) await this.byAddress.fail(address);
    if ((await this.targetCodes.fail(`${guess.target}\n${guess.code}`)) === 1)
      await this.byTarget.fail(guess.target);
  }

  right(address: string, guess: CodeGuess): Promise<void> {
    return this.trustedViewers.add(viewerKey(address, guess));
  }
}

const pairKey = (address: string, guess: CodeGuess) => `${address}\n${guess.target}\n${guess.code}`;
const viewerKey = (address: string, guess: CodeGuess) => `${address}\n${guess.target}`;
