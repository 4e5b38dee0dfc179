import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One request Discord's stand-in received. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A local stand-in for Discord's REST API: records every request and answers what Discord would (204 for a webhook
 * edit, the commands back for a registration), or the status a test queues for a path (to see retries).
 */
export class DiscordStandIn {
  readonly requests: RecordedRequest[] = [];
  private readonly failures = new Map<string, number[]>();
  private readonly answers = new Map<string, unknown>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const path = (request.url ?? '').replace(/^\/api\/v10/, '');
        const body = text === '' ? null : JSON.parse(text);
        this.requests.push({
          method: request.method ?? '',
          path,
          authorization: request.headers.authorization,
          body,
        });
        const queued = [...this.failures.entries()].find(([prefix]) => path.startsWith(prefix));
        const status = queued?.[1].shift();
        if (status !== undefined) {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'stand-in failure', retry_after: 0.01 }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        const given = [...this.answers.entries()].find(([prefix]) => path.startsWith(prefix));
        const answer = given
          ? given[1]
          : Array.isArray(body)
            ? body.map((command: { name: string }, i: number) => ({ ...command, id: String(9000 + i) }))
            : { id: '1', ...(body ?? {}) };
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v10`;
  }

  /** Requests to paths starting with `prefix` answer `body` (a guild's settings, say). */
  answer(prefix: string, body: unknown): void {
    this.answers.set(prefix, body);
  }

  /** The next requests to paths starting with `prefix` answer these statuses, in order. */
  fail(prefix: string, statuses: number[]): void {
    this.failures.set(prefix, statuses);
  }

  sent(method: string, prefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
  }

  async waitFor(method: string, prefix: string, count = 1, timeoutMs = 5_000): Promise<RecordedRequest[]> {
    const started = Date.now();
    while (this.sent(method, prefix).length < count) {
      if (Date.now() - started > timeoutMs) throw new Error(`no ${method} ${prefix} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.sent(method, prefix);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The application's key pair, made for the test: Discord signs with the private half, the server knows the public. */
export function makeSigner() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { publicKeyHex: raw.toString('hex'), privateKey };
}

export const APPLICATION_ID = '123456789012345678';
export const GUILD = '700000000000000001';

let nextId = 1;

/** An interaction as Discord sends it, from a member of `guild` with the given roles and permissions. */
export function interaction(
  type: number,
  data: Record<string, unknown> | undefined,
  who: {
    userId?: string;
    name?: string;
    roles?: string[];
    permissions?: string;
    guild?: string | null;
    /** The asker's Discord language and the server's, as Discord sends them (`vi`, `en-US`…). */
    locale?: string;
    guildLocale?: string;
  } = {},
) {
  const guild = who.guild === undefined ? GUILD : who.guild;
  const user = { id: who.userId ?? '800000000000000001', username: who.name ?? 'player-one' };
  return {
    id: String(nextId++),
    application_id: APPLICATION_ID,
    type,
    token: `interaction-token-${nextId}`,
    ...(who.locale ? { locale: who.locale } : {}),
    ...(who.guildLocale ? { guild_locale: who.guildLocale } : {}),
    ...(guild ? { guild_id: guild, channel_id: '900000000000000001' } : { user }),
    ...(guild ? { member: { user, roles: who.roles ?? [], permissions: who.permissions ?? '0' } } : {}),
    ...(data ? { data } : {}),
  };
}

export function command(
  name: string,
  options: Record<string, string | number> = {},
  who: Parameters<typeof interaction>[2] = {},
) {
  return interaction(
    2,
    { name, options: Object.entries(options).map(([option, value]) => ({ name: option, type: 3, value })) },
    who,
  );
}

/** Posts `body` to the interactions endpoint, signed with `key` at `timestamp` (default: now). */
export function postSigned(
  app: FastifyInstance,
  key: KeyObject,
  body: unknown,
  options: { timestamp?: number; remoteAddress?: string; rawBody?: string } = {},
) {
  const payload = options.rawBody ?? JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return app.inject({
    method: 'POST',
    url: '/api/discord/interactions',
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signature(key, timestamp, payload),
      'x-signature-timestamp': timestamp,
    },
    payload,
    remoteAddress: options.remoteAddress ?? '10.20.0.1',
  });
}

/** Discord's signature: Ed25519 over the timestamp followed by the body, in hex. */
export function signature(key: KeyObject, timestamp: string, payload: string): string {
  return sign(null, Buffer.from(timestamp + payload), key).toString('hex');
}
