import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { DEMO_KDS } from './demo/timeline.ts';
import type { DemoAddresses } from './features/demo/service.ts';
import { viewerLinks } from './site-links.ts';

/** Kingdoms listed by name in the banner; the rest are counted (kingdom list shows them all). */
const LISTED_KINGDOMS = 10;

export interface BannerFacts {
  base: string;
  database: string;
  seeded: boolean;
  demo: DemoAddresses | null;
  loginEnabled: boolean;
  superadmins: number;
  /** The host's own kingdoms (not the demo's), by kd. */
  kingdoms: { kd: number; name: string | null; code: string }[];
}

/** What the banner needs from the database: superadmins, and the kingdoms that are not the demo's. */
export async function readBannerFacts(
  db: Kysely<Database>,
  demo: DemoAddresses | null,
): Promise<Pick<BannerFacts, 'superadmins' | 'kingdoms'>> {
  const superadmins = await db
    .selectFrom('users')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('role', '=', 'superadmin')
    .executeTakeFirstOrThrow();
  let query = db.selectFrom('kingdoms').select(['kd', 'name', 'access_code']).orderBy('kd');
  if (demo) query = query.where('kd', 'not in', DEMO_KDS);
  const kingdoms = await query.execute();
  return {
    superadmins: Number(superadmins.n),
    kingdoms: kingdoms.map((k) => ({ kd: k.kd, name: k.name, code: k.access_code })),
  };
}

const cli = (args: string) => `npm run cli -- ${args}`;

/**
 * The lines printed when the server starts: where it runs, the host's own kingdoms' links, and the next step of a new
 * host — the first superadmin and turning sign-in on, adding a kingdom, removing the demo.
 */
export function startBanner(facts: BannerFacts): string[] {
  const { base, demo } = facts;
  const lines = [
    '',
    `Kingdom Stats is running on ${base}`,
    `  Database:        ${facts.database}${facts.seeded ? ' (demo data seeded)' : ''}`,
  ];
  for (const kingdom of facts.kingdoms.slice(0, LISTED_KINGDOMS)) {
    const label = `Kingdom ${kingdom.kd}${kingdom.name ? ` (${kingdom.name})` : ''}`;
    lines.push(`  ${label}: ${viewerLinks(base, kingdom.kd, kingdom.code).dashboard}`);
  }
  if (facts.kingdoms.length > LISTED_KINGDOMS) {
    lines.push(`  … and ${facts.kingdoms.length - LISTED_KINGDOMS} more kingdoms: ${cli('kingdom list')}`);
  }
  if (demo) {
    const links = viewerLinks(base, demo.kd, demo.code);
    lines.push(`  Demo dashboard:  ${base}/demo/dashboard/${demo.secret}`);
    lines.push(`  Demo kingdom:    ${links.dashboard}`);
    lines.push(`  Demo KvK DKP:    ${links.kdDashboard}`);
    lines.push(`  Demo rallies:    ${links.rallies}`);
  }

  const steps: string[] = [];
  if (facts.superadmins === 0) {
    steps.push(
      `Create the first superadmin (it asks for the password): ${cli('user add <name> --role superadmin')}`,
    );
  }
  if (!facts.loginEnabled) {
    steps.push('Turn sign-in on: stop the server and start it again with LOGIN_ENABLED=true npm start');
  } else if (facts.superadmins > 0) {
    steps.push(`Sign in at ${base}/login`);
  }
  if (facts.kingdoms.length === 0) {
    steps.push(
      `Add your kingdom: ${cli('kingdom add <kd> --code <access-code>')} (or Add Kingdom after signing in)`,
    );
  }
  if (demo) {
    steps.push(
      `Remove the demo: ${cli('demo remove')} (a new database without it: SEED_DEMO=false npm start)`,
    );
  }
  if (steps.length > 0) {
    lines.push('', 'Next steps:');
    for (const [i, step] of steps.entries()) lines.push(`  ${i + 1}. ${step}`);
  }
  return lines;
}
