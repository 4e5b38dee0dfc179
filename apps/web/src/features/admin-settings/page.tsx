import type { AdminKingdomListItem } from '@kingdom-stats/core/api';
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
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { DeleteKingdomModal } from './DeleteKingdomModal.tsx';

export const FETCH_ERROR = 'Failed to fetch kingdoms';
export const EMPTY_TEXT = 'No kingdoms found';

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
  const rows = useMemo(
    () => (kingdoms.data?.kingdoms ?? []).filter((k) => matches(k, search)),
    [kingdoms.data, search],
  );

  return (
    <>
      <PageHeader
        title="Kingdom Management"
        description="The kingdoms you administer, with their access codes and a link to each one's settings."
      >
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void kingdoms.refetch()}
            disabled={kingdoms.isFetching}
          >
            {kingdoms.isFetching && !kingdoms.isPending ? 'Refreshing...' : 'Refresh List'}
          </button>
          {isSuperadmin && (
            <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
              Add Kingdom
            </button>
          )}
        </div>
      </PageHeader>

      {deletedKd !== null && (
        <Notice tone="success" className="mb-4">
          Kingdom {deletedKd} and all its data were deleted.
        </Notice>
      )}
      <div className="mb-4 max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          Search kingdoms
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search by kingdom, name or code"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${inputClass} w-full`}
        />
      </div>

      {kingdoms.isPending ? (
        <Spinner label="Loading kingdoms..." />
      ) : kingdoms.isError ? (
        <Panel title={FETCH_ERROR} tone="error">
          <p>{kingdoms.error.message}</p>
          <button type="button" className={primaryButton} onClick={() => void kingdoms.refetch()}>
            Retry
          </button>
        </Panel>
      ) : rows.length === 0 ? (
        <Panel title={EMPTY_TEXT}>
          {search.trim() !== '' ? (
            <p>Nothing matches “{search.trim()}”.</p>
          ) : (
            <p>No kingdom is linked to your account yet.</p>
          )}
        </Panel>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-800 sm:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Kingdoms</caption>
              <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Kingdom ID
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Database Table
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Access Code
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Settings
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
                      {kingdom.name && <span className="ml-2 text-slate-400">{kingdom.name}</span>}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-300">{kingdom.data_tablename}</td>
                    <td className="px-4 py-3 font-mono text-slate-200">{kingdom.code}</td>
                    <td className="px-4 py-3 text-right">
                      <div className="flex justify-end gap-2">
                        <Link
                          to={settingsPath(kingdom)}
                          className={settingsLink}
                          aria-label={`Settings of kingdom ${kingdom.kdno}`}
                        >
                          Settings
                        </Link>
                        {isSuperadmin && <DeleteButton kingdom={kingdom} onClick={setDeleting} />}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 sm:hidden" aria-label="Kingdoms">
            {rows.map((kingdom) => (
              <li
                key={kingdom.kdno}
                className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
                data-kd={kingdom.kdno}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-xs text-slate-400 uppercase">Kingdom ID</p>
                    <p className="text-lg font-semibold text-white tabular-nums">
                      {kingdom.kdno}
                      {kingdom.name && (
                        <span className="ml-2 text-sm font-normal text-slate-400">{kingdom.name}</span>
                      )}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-2">
                    <Link
                      to={settingsPath(kingdom)}
                      className={settingsLink}
                      aria-label={`Settings of kingdom ${kingdom.kdno}`}
                    >
                      Settings
                    </Link>
                    {isSuperadmin && <DeleteButton kingdom={kingdom} onClick={setDeleting} />}
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-1 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-400 uppercase">Database Table</dt>
                    <dd className="font-mono text-xs text-slate-300">{kingdom.data_tablename}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-400 uppercase">Access Code</dt>
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
  return (
    <button
      type="button"
      className={deleteButton}
      onClick={() => onClick(kingdom)}
      aria-label={`Delete kingdom ${kingdom.kdno}`}
    >
      Delete
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
      setError('Kingdom number must be a whole number from 1 to 99999');
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
        onError: (e) => setError(isApiError(e) ? e.message : 'Failed to add the kingdom'),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add Kingdom"
      description="Viewers open /{kd}/dashboard/{code}; import its scans on its settings page."
      footer={
        created ? (
          <>
            <button type="button" className={secondaryButton} onClick={close}>
              Close
            </button>
            <Link to={settingsPath(created)} className={primaryButton} onClick={close}>
              Open its settings
            </Link>
          </>
        ) : (
          <>
            <button type="button" className={secondaryButton} onClick={close}>
              Cancel
            </button>
            <button type="submit" form={ids.form} className={primaryButton} disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Kingdom'}
            </button>
          </>
        )
      }
    >
      {created ? (
        <Notice tone="success">
          Kingdom {created.kdno} added with access code <span className="font-mono">{created.code}</span>.
        </Notice>
      ) : (
        <form id={ids.form} onSubmit={submit} className="space-y-4" noValidate>
          <Field label="Kingdom number" htmlFor={ids.kd}>
            <input
              id={ids.kd}
              inputMode="numeric"
              value={kd}
              onChange={(e) => setKd(e.target.value)}
              className={inputClass}
              data-autofocus
            />
          </Field>
          <Field label="Name (optional)" htmlFor={ids.name}>
            <input
              id={ids.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className={inputClass}
              maxLength={100}
            />
          </Field>
          <Field
            label="Access code (optional)"
            htmlFor={ids.code}
            hint="4–64 letters, digits, - or _. Leave empty for a random one."
          >
            <input
              id={ids.code}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={inputClass}
              maxLength={64}
            />
          </Field>
          {error && <Notice tone="error">{error}</Notice>}
        </form>
      )}
    </Modal>
  );
}
