import { Readable } from 'node:stream';
import { constants, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { yieldToEventLoop } from '../../event-loop.ts';

/**
 * Pages of more rows than this are answered by `sendLargePage` instead of the route's serializer. The table's own
 * pages are at most 100 rows, so only exports (up to MAX_EXPORT_PAGE_SIZE = 50,000 rows, SPEC §7) come here.
 */
export const LARGE_PAGE_ROWS = 1_000;
/** About 250 KB of JSON: a few milliseconds of checking and serialising between two turns of the event loop. */
const ROWS_PER_SLICE = 500;

/** A data call's response schema split for slicing: one player row, and everything beside `playerData`. */
export interface PageSchemas {
  row: z.ZodType;
  rest: z.ZodType;
}

export function pageSchemas(schema: z.ZodObject<{ playerData: z.ZodArray<z.ZodType> }>): PageSchemas {
  return { row: schema.shape.playerData.element, rest: schema.omit({ playerData: true }) };
}

/**
 * Answers a large page without one blocking serialisation (docs/decisions.md, "The player export's large pages"):
 * the same schema checks and the same JSON as the route's serializer, built in slices with a turn of the event loop
 * between them, then gzip-compressed off the main thread (zlib's thread pool) when the client accepts it — 25 MB of
 * JSON for 50,000 rows become about a tenth of that on the wire. Everything is checked before the first byte goes
 * out, so a row the schema refuses is still a clean 500, never a cut-off answer.
 */
export async function sendLargePage(
  request: FastifyRequest,
  reply: FastifyReply,
  schemas: PageSchemas,
  response: { playerData: readonly unknown[] },
): Promise<FastifyReply> {
  const { playerData, ...rest } = response;
  const restJson = JSON.stringify(schemas.rest.parse(rest));
  const chunks: string[] = ['{"playerData":['];
  for (let start = 0; start < playerData.length; start += ROWS_PER_SLICE) {
    if (start > 0) await yieldToEventLoop();
    const slice = playerData.slice(start, start + ROWS_PER_SLICE).map((row) => schemas.row.parse(row));
    const json = JSON.stringify(slice);
    chunks.push((start > 0 ? ',' : '') + json.slice(1, -1));
  }
  chunks.push(`],${restJson.slice(1)}`);

  const body = Readable.from(
    chunks.map((chunk) => Buffer.from(chunk)),
    { objectMode: false },
  );
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(body);
  reply.header('content-encoding', 'gzip');
  // Level 1: most of gzip's gain on repetitive JSON for a fraction of its CPU.
  return reply.send(body.pipe(createGzip({ level: constants.Z_BEST_SPEED })));
}

/** True when Accept-Encoding lists gzip without `q=0`. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
