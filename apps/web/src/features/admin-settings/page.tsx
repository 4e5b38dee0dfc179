import type { AdminKingdomListItem } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAdminKingdoms, useCreateKingdom } from '../../api/admin-kingdoms.ts';
import { isApiError, segment } from '../../api/client.ts';
import { useSession } from '../../auth/use-session.ts';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Modal } from '../../components/overlay/Modal.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { DeleteKingdomModal } from './DeleteKingdomModal.tsx';

export function settingsPath(kingdom: Pick<AdminKingdomListItem, 'kdno' | 'code'>): string {
  return `/admin/settings/${segment(kingdom.kdno)}/${segment(kingdom.code)}`;
}

function matches(kingdom: AdminKingdomListItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [String(kingdom.kdno), kingdom.name ?? '', kingdom.code, kingdom.data_tablename].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

const deleteButton =
  'inline-flex h-8 items-center rounded-lg border border-red-500/40 px-3 text-sm font-medium text-red-300 hover:border-red-400 hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-red-400';

const settingsLink =
  'inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-700 px-3 text-sm font-medium text-sky-300 hover:border-sky-500 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400';

/** SPEC's Admin settings: searchable kingdoms with Kingdom ID, Database Table, Access Code and a Settings link. */
export function Component() {
  const kingdoms = useAdminKingdoms();
  const { isSuperadmin } = useSession();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminKingdomListItem | null>(null);
  const [deletedKd, setDeletedKd] = useState<number | null>(null);
  const searchId = useId();
  const { t } = useT();
  const rows = useMemo(
    () => (kingdoms.data?.kingdoms ?? []).filter((k) => matches(k, search)),
    [kingdoms.data, search],
  );

  return (
    <>
      <PageHeader title={t('settings.management')} description={t('management.description')}>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void kingdoms.refetch()}
            disabled={kingdoms.isFetching}
          >
            {kingdoms.isFetching && !kingdoms.isPending
              ? t('management.refreshing')
              : t('management.refresh')}
          </button>
          {isSuperadmin && (
            <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
              {t('management.add')}
            </button>
          )}
        </div>
      </PageHeader>

      {deletedKd !== null && (
        <Notice tone="success" className="mb-4">
          {t('management.deleted', { kd: String(deletedKd) })}
        </Notice>
      )}
      <div className="mb-4 max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          {t('management.search')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('management.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${inputClass} w-full`}
        />
      </div>

      {kingdoms.isPending ? (
        <Spinner label={t('management.loading')} />
      ) : kingdoms.isError ? (
        <Panel title={t('management.fetchFailed')} tone="error">
          <p dir="auto">{kingdoms.error.message}</p>
          <button type="button" className={primaryButton} onClick={() => void kingdoms.refetch()}>
            {t('error.retry')}
          </button>
        </Panel>
      ) : rows.length === 0 ? (
        <Panel title={t('management.none')}>
          {search.trim() !== '' ? (
            <p>{t('management.noMatch', { search: search.trim() })}</p>
          ) : (
            <p>{t('management.noKingdoms')}</p>
          )}
        </Panel>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-800 sm:block">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t('users.kingdoms')}</caption>
              <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('management.kingdomId')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('management.table')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('management.code')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end font-semibold">
                    {t('management.settings')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {rows.map((kingdom) => (
                  <tr
                    key={kingdom.kdno}
                    className="bg-slate-950/40 hover:bg-slate-900/70"
                    data-kd={kingdom.kdno}
                  >
                    <td className="px-4 py-3">
                      <span className="font-semibold text-white tabular-nums">{kingdom.kdno}</span>
                      {kingdom.name && (
                        // The margin on a span of the page's direction: a bdi's own (ltr) start is its left.
                        <span className="ms-2 text-slate-400">
                          <bdi>{kingdom.name}</bdi>
                        </span>
                      )}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-300">{kingdom.data_tablename}</td>
                    <td className="px-4 py-3 font-mono text-slate-200">{kingdom.code}</td>
                    <td className="px-4 py-3 text-end">
                      <div className="flex justify-end gap-2">
                        <Link
                          to={settingsPath(kingdom)}
                          className={settingsLink}
                          aria-label={t('management.settingsLabel', { kd: String(kingdom.kdno) })}
                        >
                          {t('management.settings')}
                        </Link>
                        {isSuperadmin && <DeleteButton kingdom={kingdom} onClick={setDeleting} />}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 sm:hidden" aria-label={t('users.kingdoms')}>
            {rows.map((kingdom) => (
              <li
                key={kingdom.kdno}
                className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
                data-kd={kingdom.kdno}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-xs text-slate-400 uppercase">{t('management.kingdomId')}</p>
                    <p className="text-lg font-semibold text-white tabular-nums">
                      {kingdom.kdno}
                      {kingdom.name && (
                        <span className="ms-2 text-sm font-normal text-slate-400">
                          <bdi>{kingdom.name}</bdi>
                        </span>
                      )}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-2">
                    <Link
                      to={settingsPath(kingdom)}
                      className={settingsLink}
                      aria-label={t('management.settingsLabel', { kd: String(kingdom.kdno) })}
                    >
                      {t('management.settings')}
                    </Link>
                    {isSuperadmin && <DeleteButton kingdom={kingdom} onClick={setDeleting} />}
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-400 uppercase">{t('management.table')}</dt>
                    <dd className="font-mono text-xs text-slate-300">{kingdom.data_tablename}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-400 uppercase">{t('management.code')}</dt>
                    <dd className="font-mono break-all text-slate-200">{kingdom.code}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      {isSuperadmin && <AddKingdomModal open={adding} onClose={() => setAdding(false)} />}
      {isSuperadmin && (
        <DeleteKingdomModal
          kingdom={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(kd) => {
            setDeleting(null);
            setDeletedKd(kd);
          }}
        />
      )}
    </>
  );
}

function DeleteButton({
  kingdom,
  onClick,
}: {
  kingdom: AdminKingdomListItem;
  onClick: (kingdom: AdminKingdomListItem) => void;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      className={deleteButton}
      onClick={() => onClick(kingdom)}
      aria-label={t('management.deleteLabel', { kd: String(kingdom.kdno) })}
    >
      {t('settings.camps.delete')}
    </button>
  );
}

function AddKingdomModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateKingdom();
  const [kd, setKd] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<AdminKingdomListItem | null>(null);
  const ids = { kd: useId(), name: useId(), code: useId(), form: useId() };
  const { t } = useT();

  const close = () => {
    setKd('');
    setName('');
    setCode('');
    setError(null);
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(kd);
    if (!/^\d{1,5}$/.test(kd.trim()) || number < 1) {
      setError(t('management.kdInvalid'));
      return;
    }
    setError(null);
    create.mutate(
      {
        kd: number,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(code.trim() ? { code: code.trim() } : {}),
      },
      {
        onSuccess: (kingdom) => setCreated(kingdom),
        onError: (e) => setError(isApiError(e) ? e.message : t('management.addFailed')),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('management.add')}
      description={t('management.addDescription', { path: '/{kd}/dashboard/{code}' })}
      footer={
        created ? (
          <>
            <button type="button" className={secondaryButton} onClick={close}>
              {t('management.close')}
            </button>
            <Link to={settingsPath(created)} className={primaryButton} onClick={close}>
              {t('management.openSettings')}
            </Link>
          </>
        ) : (
          <>
            <button type="button" className={secondaryButton} onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="submit" form={ids.form} className={primaryButton} disabled={create.isPending}>
              {create.isPending ? t('settings.seasons.adding') : t('management.add')}
            </button>
          </>
        )
      }
    >
      {created ? (
        <Notice tone="success">
          <Trans
            id="management.created"
            values={{ kd: String(created.kdno), code: created.code }}
            components={{ 0: <span className="font-mono" /> }}
          />
        </Notice>
      ) : (
        <form id={ids.form} onSubmit={submit} className="space-y-4" noValidate>
          <Field label={t('management.kdNumber')} htmlFor={ids.kd}>
            <input
              id={ids.kd}
              inputMode="numeric"
              value={kd}
              onChange={(e) => setKd(e.target.value)}
              className={inputClass}
              data-autofocus
            />
          </Field>
          <Field label={t('management.name')} htmlFor={ids.name}>
            <input
              id={ids.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className={inputClass}
              maxLength={100}
            />
          </Field>
          <Field label={t('management.codeOptional')} htmlFor={ids.code} hint={t('settings.newCodeHint')}>
            <input
              id={ids.code}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={inputClass}
              maxLength={64}
            />
          </Field>
          {error && (
            <Notice tone="error">
              <bdi>{error}</bdi>
            </Notice>
          )}
        </form>
      )}
    </Modal>
  );
}
