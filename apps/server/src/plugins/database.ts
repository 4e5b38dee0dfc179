import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: Dialect;
  }
}

/** Makes the database reachable from every route as `app.db`; the caller owns its lifetime. */
export const databasePlugin = fp<{ database: DatabaseHandle }>(async (app: FastifyInstance, { database }) => {
  app.decorate('db', database.db);
  app.decorate('dbDialect', database.dialect);
});
