import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/** The alphabet and length of the server's random access codes (features/kingdom-admin/service.ts), frozen here. */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 12;

interface KingdomCodes {
  kingdoms: { kd: number; access_code: string };
  audit_log: {
    at: number;
    user_id: number | null;
    action: string;
    kingdom_kd: number | null;
    before_json: string | null;
    after_json: string | null;
  };
}

/**
 * Access codes become unique across kingdoms: a code alone (the all-kds and update-tables calls) names one kingdom,
 * and no kingdom can learn that another uses a code it tried. Kingdoms that share a code today: the one with the
 * lowest number keeps it, each other gets a new random code (a code derived from the old one would be guessable by
 * everyone who held the shared one), with a `kingdom.code.rotate` line in its audit log so its admins see on the
 * admin page that the code changed. docs/operations.md, "Upgrading", tells operators.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (untyped) => {
    const db = untyped as unknown as Kysely<KingdomCodes>;
    const kingdoms = await db.selectFrom('kingdoms').select(['kd', 'access_code']).orderBy('kd').execute();
    const taken = new Set(kingdoms.map((kingdom) => kingdom.access_code));
    const kept = new Set<string>();
    const at = Math.floor(Date.now() / 1000);
    for (const kingdom of kingdoms) {
      if (!kept.has(kingdom.access_code)) {
        kept.add(kingdom.access_code);
        continue;
      }
      const code = freshCode(taken);
      taken.add(code);
      await db.updateTable('kingdoms').set({ access_code: code }).where('kd', '=', kingdom.kd).execute();
      await db
        .insertInto('audit_log')
        .values({
          at,
          user_id: null,
          action: 'kingdom.code.rotate',
          kingdom_kd: kingdom.kd,
          before_json: null,
          after_json: JSON.stringify({ reason: 'another kingdom had the same access code' }),
        })
        .execute();
    }
    await db.schema
      .createIndex('kingdoms_access_code_unique')
      .on('kingdoms')
      .column('access_code')
      .unique()
      .execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('kingdoms_access_code_unique').ifExists().execute();
}

function freshCode(taken: ReadonlySet<string>): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!taken.has(code)) return code;
  }
}
