import type { UserListItemInfo, UserRoleName } from '@kingdom-stats/core/api';
import { Trans } from '@lingui/react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCreateUser, useDeleteUser, useUsers } from '../../api/auth.ts';
import { isApiError } from '../../api/client.ts';
import { useSession } from '../../auth/use-session.ts';
import {
  iconButton,
  inputClass,
  primaryButton,
  secondaryButton,
  selectClass,
} from '../../components/controls/styles.ts';
import { Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Modal } from '../../components/overlay/Modal.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { ConfirmDialog } from '../admin-shared/ConfirmDialog.tsx';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';

/** SPEC §4: the Add New User modal closes this long after 'User created successfully'. */
export const CLOSE_AFTER_CREATE_MS = 2000;

const ROLE_LABELS: Record<UserRoleName, MessageId> = { admin: 'role.admin', superadmin: 'role.superadmin' };

function RoleBadge({ role }: { role: UserRoleName }) {
  const { t } = useT();
  const look =
    role === 'superadmin'
      ? 'border-amber-400/50 bg-amber-400/10 text-amber-200'
      : 'border-sky-400/40 bg-sky-400/10 text-sky-200';
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${look}`}
    >
      {t(ROLE_LABELS[role])}
    </span>
  );
}

function TrashIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className="size-4.5"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

/** SPEC's User Management (superadmin only; the route guard and the server both check). */
export function Component() {
  const { t } = useT();
  const users = useUsers();
  const session = useSession();
  const remove = useDeleteUser();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<UserListItemInfo | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const searchId = useId();
  const myId = session.user?.id;

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (users.data?.users ?? []).filter(
      (u) =>
        needle === '' ||
        u.username.toLowerCase().includes(needle) ||
        t(ROLE_LABELS[u.role]).toLowerCase().includes(needle),
    );
    // The role names searched are the ones shown, in the reader's language (t is new on each render).
  }, [users.data, search, t]);

  const confirmDelete = () => {
    if (!toDelete) return;
    const name = toDelete.username;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        setNotice({ tone: 'success', text: t('users.deleted', { username: name }) });
      },
    });
  };

  return (
    <>
      <PageHeader title={t('header.userManagement')} description={t('users.description')}>
        <button type="button" className={primaryButton} onClick={() => setAdding(true)}>
          {t('users.add')}
        </button>
      </PageHeader>

      <div className="mb-4 max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          {t('users.search')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('users.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${inputClass} w-full`}
        />
      </div>
      {notice && (
        <Notice tone={notice.tone} className="mb-4">
          {notice.text}
        </Notice>
      )}

      {users.isPending ? (
        <Spinner label={t('users.loading')} />
      ) : users.isError ? (
        <Panel title={t('users.fetchFailed')} tone="error">
          <p>{users.error.message}</p>
          <button type="button" className={primaryButton} onClick={() => void users.refetch()}>
            {t('error.retry')}
          </button>
        </Panel>
      ) : rows.length === 0 ? (
        <Panel title={t('users.none')} />
      ) : (
        <ul
          className="divide-y divide-slate-800 overflow-hidden rounded-xl border border-slate-800"
          aria-label={t('users.list')}
        >
          {rows.map((user) => {
            const isMe = user.id === myId;
            return (
              <li
                key={user.id}
                data-user={user.username}
                className="flex items-center gap-3 bg-slate-950/40 px-4 py-3 hover:bg-slate-900/70"
              >
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-800 text-sm font-semibold text-slate-200 uppercase"
                >
                  {user.username.slice(0, 2)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="truncate font-medium text-white">{user.username}</span>
                    {isMe && <span className="text-sm text-slate-400">{t('users.you')}</span>}
                    <RoleBadge role={user.role} />
                  </p>
                  {user.role === 'admin' && (
                    <p className="mt-0.5 text-xs text-slate-400">
                      {user.kingdoms.length > 0
                        ? t('users.kingdomList', { kingdoms: user.kingdoms.join(', ') })
                        : t('users.noKingdoms')}
                    </p>
                  )}
                </div>
                {!isMe && (
                  <button
                    type="button"
                    className={`${iconButton} text-slate-400 hover:bg-red-950/60 hover:text-red-300`}
                    aria-label={t('users.deleteNamed', { username: user.username })}
                    title={t('users.deleteUser')}
                    onClick={() => {
                      remove.reset();
                      setNotice(null);
                      setToDelete(user);
                    }}
                  >
                    <TrashIcon />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('users.confirm.title')}
        confirmLabel={t('users.confirm.delete')}
        busyLabel={t('users.confirm.deleting')}
        busy={remove.isPending}
        error={
          remove.isError ? (isApiError(remove.error) ? remove.error.message : t('users.deleteFailed')) : null
        }
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        <p>
          <Trans
            id="users.confirm.text"
            values={{ username: toDelete?.username ?? '' }}
            components={{ 0: <strong className="text-white" /> }}
          />
        </p>
      </ConfirmDialog>
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function AddUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const create = useCreateUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<UserRoleName>('admin');
  const [kingdoms, setKingdoms] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ids = { form: useId(), username: useId(), password: useId(), role: useId(), kingdoms: useId() };

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    setUsername('');
    setPassword('');
    setRole('admin');
    setKingdoms('');
    setMessage(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMessage({ tone: 'error', text: t('login.required') });
      return;
    }
    const kds = kingdoms
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    if (kds.some((kd) => !Number.isInteger(kd) || kd < 1 || kd > 99999)) {
      setMessage({ tone: 'error', text: t('users.kingdomsInvalid') });
      return;
    }
    setMessage(null);
    create.mutate(
      { username: username.trim(), password, role, kingdoms: role === 'admin' ? kds : [] },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: t('users.created') });
          closeTimer.current = setTimeout(close, CLOSE_AFTER_CREATE_MS);
        },
        onError: (error) =>
          setMessage({ tone: 'error', text: isApiError(error) ? error.message : t('users.createFailed') }),
      },
    );
  };

  const done = message?.tone === 'success';
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('users.add')}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={ids.form} className={primaryButton} disabled={create.isPending || done}>
            {create.isPending ? t('users.creating') : t('users.create')}
          </button>
        </>
      }
    >
      <form id={ids.form} onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('login.username')} htmlFor={ids.username}>
          <input
            id={ids.username}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            maxLength={64}
            className={inputClass}
            data-autofocus
          />
        </Field>
        <Field label={t('login.password')} htmlFor={ids.password} hint={t('users.passwordHint')}>
          <input
            id={ids.password}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        <Field label={t('users.role')} htmlFor={ids.role}>
          <select
            id={ids.role}
            value={role}
            onChange={(e) => setRole(e.target.value as UserRoleName)}
            className={selectClass}
          >
            <option value="admin">{t('role.admin')}</option>
            <option value="superadmin">{t('role.superadmin')}</option>
          </select>
        </Field>
        {role === 'admin' && (
          <Field label={t('users.kingdoms')} htmlFor={ids.kingdoms} hint={t('users.kingdomsHint')}>
            <input
              id={ids.kingdoms}
              value={kingdoms}
              onChange={(e) => setKingdoms(e.target.value)}
              inputMode="numeric"
              className={inputClass}
            />
          </Field>
        )}
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
      </form>
    </Modal>
  );
}
