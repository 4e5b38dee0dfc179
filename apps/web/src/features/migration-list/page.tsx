import type { MigrationEntry, MigrationFlag, MigrationListResponse } from '@kingdom-stats/core/api';
import { useId, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { ErrorPanel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { KingdomNav, kingdomSettingsPath } from '../../components/layout/KingdomNav.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { downloadBlob } from '../../export/download.ts';
import { useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { kingdomLabel } from '../kingdom.ts';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import { AddEntryForm } from './AddEntryForm.tsx';
import { fetchMigrationCsv, useMigrationActions, useMigrationList } from './api.ts';
import { EditEntryDialog } from './EditEntryDialog.tsx';
import { EntryList } from './EntryList.tsx';

/**
 * /admin/settings/{kd}/{code}/migration-list: a KvK season's migration list (docs/migration-list.md). The season is
 * in the address (?season=N); without it, the server answers the current season.
 */
export function Component() {
  const { kdno = '', code = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('season'));
  const season = Number.isInteger(asked) && asked > 0 ? asked : null;
  const list = useMigrationList(kdno, code, season);
  const { t } = useT();
  const title = t('migrationList.title');

  const header = (
    <PageHeader title={title} description={`${kingdomLabel(kdno)} · ${t('migrationList.description')}`}>
      <Link
        to={kingdomSettingsPath(kdno, code)}
        className="text-sm text-sky-400 underline-offset-4 hover:underline"
      >
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {t('migrationList.back')}
      </Link>
    </PageHeader>
  );

  if (list.isError && isApiError(list.error, 403)) return <Navigate to="/unauthorized" replace />;
  return (
    <>
      <KingdomNav kd={kdno} code={code} />
      {header}
      {list.isPending ? (
        <Spinner label={t('migrationList.loading')} />
      ) : list.isError ? (
        <ErrorPanel
          message={errorText(list.error, t('migrationList.loadFailed'))}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.season === null ? (
        <Notice tone="info">{t('migrationList.noSeasons')}</Notice>
      ) : (
        <SeasonList
          key={list.data.season}
          kd={kdno}
          code={code}
          data={list.data}
          kvk={list.data.season}
          onSeason={(kvk) => setSearch({ season: String(kvk) })}
        />
      )}
    </>
  );
}

interface SeasonListProps {
  kd: string;
  code: string;
  data: MigrationListResponse;
  kvk: number;
  onSeason: (kvk: number) => void;
}

function SeasonList({ kd, code, data, kvk, onSeason }: SeasonListProps) {
  const { t } = useT();
  const actions = useMigrationActions(kd, code, kvk);
  const [message, setMessage] = useState<Message>(null);
  const [toDelete, setToDelete] = useState<MigrationEntry | null>(null);
  const [toEdit, setToEdit] = useState<MigrationEntry | null>(null);
  const [downloading, setDownloading] = useState(false);
  const seasonId = useId();
  const busy = actions.update.isPending ? (actions.update.variables?.governorId ?? null) : null;

  const toggle = (entry: MigrationEntry, flag: MigrationFlag, value: boolean) => {
    setMessage(null);
    actions.update.mutate(
      { governorId: entry.governorId, change: { [flag]: value } },
      {
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, t('migrationList.saveFailed')) }),
      },
    );
  };
  const fill = () => {
    setMessage(null);
    actions.fill.mutate(undefined, {
      onSuccess: (answer) =>
        setMessage({
          tone: 'success',
          text: t('migrationList.filled', {
            added: String(answer.added.length),
            listed: String(answer.alreadyListed),
          }),
        }),
      onError: (error) =>
        setMessage({ tone: 'error', text: errorText(error, t('migrationList.fillFailed')) }),
    });
  };
  const exportCsv = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchMigrationCsv(kd, code, kvk);
      downloadBlob(blob, fileName);
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, t('migrationList.exportFailed')) });
    } finally {
      setDownloading(false);
    }
  };
  const nameOf = (entry: MigrationEntry | null) =>
    entry ? entry.name || t('migrationList.unknownName') : '';

  return (
    <div className="space-y-6">
      <Section
        title={t('migrationList.seasonOption', { kvk: String(kvk) })}
        actions={
          <>
            <label htmlFor={seasonId} className="text-sm text-slate-300">
              {t('migrationList.season')}
            </label>
            <select
              id={seasonId}
              value={kvk}
              onChange={(e) => onSeason(Number(e.target.value))}
              className={selectClass}
            >
              {[...data.seasons].reverse().map((season) => (
                <option key={season.kvkNumber} value={season.kvkNumber}>
                  {t('migrationList.seasonOption', { kvk: String(season.kvkNumber) })}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={secondaryButton}
              onClick={fill}
              disabled={actions.fill.isPending}
            >
              {actions.fill.isPending ? t('migrationList.filling') : t('migrationList.fill')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void exportCsv()}
              disabled={downloading}
            >
              {t('migrationList.exportCsv')}
            </button>
          </>
        }
      >
        {message && (
          <Notice tone={message.tone} className="mb-3">
            {message.text}
          </Notice>
        )}
        {data.entries.length === 0 ? (
          <p className="text-sm text-slate-400">{t('migrationList.empty')}</p>
        ) : (
          <EntryList
            entries={data.entries}
            busy={busy}
            onToggle={toggle}
            onEdit={(entry) => {
              actions.update.reset();
              setToEdit(entry);
            }}
            onDelete={(entry) => {
              actions.remove.reset();
              setToDelete(entry);
            }}
          />
        )}
      </Section>
      <Section title={t('migrationList.add.title')}>
        <AddEntryForm actions={actions} onMessage={setMessage} />
      </Section>
      {toEdit && (
        <EditEntryDialog
          entry={toEdit}
          actions={actions}
          onDone={(done) => {
            setMessage(done);
            setToEdit(null);
          }}
          onClose={() => setToEdit(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('migrationList.deleteTitle')}
        confirmLabel={t('migrationList.deleteConfirmLabel')}
        busyLabel={t('migrationList.deleting')}
        busy={actions.remove.isPending}
        error={
          actions.remove.isError ? errorText(actions.remove.error, t('migrationList.deleteFailed')) : null
        }
        onConfirm={() =>
          toDelete &&
          actions.remove.mutate(toDelete.governorId, {
            onSuccess: () => {
              setMessage({ tone: 'success', text: t('migrationList.deleted', { name: nameOf(toDelete) }) });
              setToDelete(null);
            },
          })
        }
        onClose={() => setToDelete(null)}
      >
        <p>
          {t('migrationList.deleteConfirm', {
            name: nameOf(toDelete),
            id: String(toDelete?.governorId ?? ''),
            kvk: String(kvk),
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
