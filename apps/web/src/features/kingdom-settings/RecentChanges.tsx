import type { AdminKingdomResponse } from '@kingdom-stats/core/api';
import { Section } from '../../components/layout/Section.tsx';
import { formatUtc } from '../admin-shared/time.ts';

const ACTIONS: Record<string, string> = {
  'kingdom.create': 'Kingdom added',
  'kingdom.rename': 'Name changed',
  'kingdom.settings': 'Dashboard defaults saved',
  'kingdom.code.rotate': 'Access code changed',
  'camp.set': 'Camp saved',
  'camp.delete': 'Camp deleted',
  'kvk.add': 'KvK season added',
  'kvk.delete': 'KvK season deleted',
  'scan.import': 'Scan imported',
  'scan.replace': 'Scan replaced',
  'scan.delete': 'Scan deleted',
  'prekvk.import': 'Pre-KvK points uploaded',
  'prekvk.clear': 'Pre-KvK points cleared',
  'hoh.import': 'Hall of Heroes deaths uploaded',
  'hoh.clear': 'Hall of Heroes deaths cleared',
  'rally.token.rotate': 'Rally token created',
  'rally.import': 'Rallies imported',
  'user.create': 'Admin account added',
  'user.password': 'Admin password changed',
  'user.delete': 'Admin account deleted',
  'kingdom.delete': 'Kingdom deleted (with all its data)',
  'kingdom.data-quality': 'Data-quality settings saved',
  'value-flag.accept': 'Flagged value accepted',
  'value-flag.recheck': 'Stored scans re-checked',
  'value.correct': 'Value corrected',
  'value.exclude-row': 'Row excluded from a scan',
  'value.revert': 'Correction reverted',
};

/** The kingdom's latest entries in the audit log. */
export function RecentChanges({ data }: { data: AdminKingdomResponse }) {
  return (
    <Section
      id="recent-changes"
      title="Recent changes"
      description="The latest 20 changes to this kingdom, newest first."
    >
      {data.recentChanges.length === 0 ? (
        <p className="text-sm text-slate-400">No changes yet.</p>
      ) : (
        <ol className="space-y-1.5 text-sm">
          {data.recentChanges.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-2">
              <span className="text-slate-400 tabular-nums">{formatUtc(entry.at)}</span>
              <span className="text-slate-100">{ACTIONS[entry.action] ?? entry.action}</span>
              <span className="text-slate-400">by {entry.username ?? 'the command line or the server'}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
