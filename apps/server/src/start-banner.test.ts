import { describe, expect, it } from 'vitest';
import { type BannerFacts, startBanner } from './start-banner.ts';

const base: BannerFacts = {
  base: 'http://localhost:3000',
  database: 'SQLite /srv/data/kingdom-stats.sqlite',
  seeded: false,
  demo: null,
  loginEnabled: false,
  superadmins: 0,
  kingdoms: [],
};

describe('the start banner', () => {
  it('tells a new host how to create the first superadmin, turn sign-in on and add a kingdom', () => {
    expect(startBanner(base).join('\n')).toBe(
      [
        '',
        'Kingdom Stats is running on http://localhost:3000',
        '  Database:        SQLite /srv/data/kingdom-stats.sqlite',
        '',
        'Next steps:',
        '  1. Create the first superadmin (it asks for the password): npm run cli -- user add <name> --role superadmin',
        '  2. Turn sign-in on: stop the server and start it again with LOGIN_ENABLED=true npm start',
        '  3. Add your kingdom: npm run cli -- kingdom add <kd> --code <access-code> (or Add Kingdom after signing in)',
      ].join('\n'),
    );
  });

  it("prints the host's own kingdoms' links, the demo's, and how to remove the demo", () => {
    const lines = startBanner({
      ...base,
      base: 'https://stats.example.org',
      seeded: true,
      loginEnabled: true,
      superadmins: 1,
      demo: { kd: 2101, code: 'democode', secret: 's3cret' },
      kingdoms: [
        { kd: 1234, name: 'Home', code: 'home-code' },
        { kd: 1300, name: null, code: 'other' },
      ],
    });
    expect(lines).toContain('  Kingdom 1234 (Home): https://stats.example.org/1234/dashboard/home-code');
    expect(lines).toContain('  Kingdom 1300: https://stats.example.org/1300/dashboard/other');
    expect(lines).toContain('  Demo dashboard:  https://stats.example.org/demo/dashboard/s3cret');
    expect(lines.slice(-3)).toEqual([
      'Next steps:',
      '  1. Sign in at https://stats.example.org/login',
      '  2. Remove the demo: npm run cli -- demo remove (a new database without it: SEED_DEMO=false npm start)',
    ]);
  });

  it('lists at most ten kingdoms and counts the rest', () => {
    const kingdoms = Array.from({ length: 12 }, (_, i) => ({ kd: 100 + i, name: null, code: `code-${i}` }));
    const lines = startBanner({ ...base, loginEnabled: true, superadmins: 1, kingdoms });
    expect(lines.filter((l) => l.startsWith('  Kingdom '))).toHaveLength(10);
    expect(lines).toContain('  … and 2 more kingdoms: npm run cli -- kingdom list');
  });
});
