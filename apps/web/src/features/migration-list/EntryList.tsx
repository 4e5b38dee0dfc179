import { MIGRATION_FLAGS, type MigrationEntry, type MigrationFlag } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { Switch } from '../../components/controls/Switch.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { formatUtc } from '../admin-shared/time.ts';
import { smallButton, smallDanger } from '../kingdom-settings/shared.ts';

export const FLAG_LABELS: Record<MigrationFlag, MessageId> = {
  contacted: 'migrationList.flag.contacted',
  excluded: 'migrationList.flag.excluded',
  migrated: 'migrationList.flag.migrated',
  zeroed: 'migrationList.flag.zeroed',
};

interface EntryListProps {
  entries: readonly MigrationEntry[];
  /** The governor whose change is on its way (its switches wait). */
  busy: number | null;
  onToggle: (entry: MigrationEntry, flag: MigrationFlag, value: boolean) => void;
  onEdit: (entry: MigrationEntry) => void;
  onDelete: (entry: MigrationEntry) => void;
}

/** A season's entries: a table from 640 px, one card per governor on phones; the flags switch in place. */
export function EntryList({ entries, busy, onToggle, onEdit, onDelete }: EntryListProps) {
  const { t } = useT();
  const nameOf = (entry: MigrationEntry) => entry.name || t('migrationList.unknownName');
  const direction = (entry: MigrationEntry) =>
    t(entry.direction === 'leave' ? 'migrationList.direction.leave' : 'migrationList.direction.arrive');
  const switches = (entry: MigrationEntry) => (
    <div className="grid w-max grid-cols-2 gap-x-4 gap-y-1">
      {MIGRATION_FLAGS.map((flag) => (
        <Switch
          key={flag}
          checked={entry[flag]}
          disabled={busy === entry.governorId}
          label={t(FLAG_LABELS[flag])}
          onChange={(value) => onToggle(entry, flag, value)}
        />
      ))}
    </div>
  );
  const buttons = (entry: MigrationEntry) => (
    <div className="flex shrink-0 justify-end gap-2">
      <button
        type="button"
        className={smallButton}
        aria-label={t('migrationList.editLabel', { name: nameOf(entry) })}
        onClick={() => onEdit(entry)}
      >
        {t('migrationList.edit')}
      </button>
      <button
        type="button"
        className={smallDanger}
        aria-label={t('migrationList.deleteLabel', { name: nameOf(entry) })}
        onClick={() => onDelete(entry)}
      >
        {t('migrationList.delete')}
      </button>
    </div>
  );
  // The user's name and the UTC time keep their own direction inside Arabic (docs/i18n.md).
  const changed = (entry: MigrationEntry) => (
    <Trans
      id="migrationList.changedBy"
      values={{ user: <bdi>{entry.updatedBy}</bdi>, time: <bdi>{formatUtc(entry.updatedAt)}</bdi> }}
    />
  );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-800 sm:block">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('migrationList.title')}</caption>
          <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
            <tr>
              {(
                [
                  'migrationList.col.governor',
                  'migrationList.col.direction',
                  'migrationList.col.reason',
                  'migrationList.col.status',
                  'migrationList.col.changed',
                ] as const
              ).map((id) => (
                <th key={id} scope="col" className="px-3 py-3 text-start font-semibold">
                  {t(id)}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 text-end font-semibold">
                <span className="sr-only">{t('migrationList.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {entries.map((entry) => (
              <tr
                key={entry.governorId}
                className="bg-slate-950/40 align-top"
                data-governor={entry.governorId}
              >
                <td className="px-3 py-3">
                  <p className="font-medium text-white">{nameOf(entry)}</p>
                  <p className="text-xs text-slate-400 tabular-nums">{entry.governorId}</p>
                </td>
                <td className="px-3 py-3 text-slate-200">{direction(entry)}</td>
                <td className="max-w-64 px-3 py-3 text-slate-300">
                  <p className="break-words">{entry.reason}</p>
                  {entry.note && (
                    <p className="mt-1 text-xs break-words text-slate-400">
                      {t('migrationList.note', { note: entry.note })}
                    </p>
                  )}
                </td>
                <td className="px-3 py-3">{switches(entry)}</td>
                <td className="px-3 py-3 text-xs text-slate-400">{changed(entry)}</td>
                <td className="px-3 py-3 text-end">{buttons(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 sm:hidden" aria-label={t('migrationList.title')}>
        {entries.map((entry) => (
          <li
            key={entry.governorId}
            className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
            data-governor={entry.governorId}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-white">{nameOf(entry)}</p>
                <p className="text-xs text-slate-400 tabular-nums">
                  {entry.governorId} · {direction(entry)}
                </p>
              </div>
              {buttons(entry)}
            </div>
            {entry.reason && <p className="mt-2 text-sm break-words text-slate-300">{entry.reason}</p>}
            {entry.note && (
              <p className="mt-1 text-xs break-words text-slate-400">
                {t('migrationList.note', { note: entry.note })}
              </p>
            )}
            <div className="mt-3">{switches(entry)}</div>
            <p className="mt-2 text-xs text-slate-500">{changed(entry)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
