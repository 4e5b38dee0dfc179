import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Field } from '../admin-shared/Field.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, type Message } from '../kingdom-settings/shared.ts';
import { lookupGovernor, type useFarmActions } from './api.ts';

type Names = { farm?: string | null; main?: string | null };

/** Adds a link by governor IDs; "Look up" shows the names the kingdom's scans give, to catch a mistyped ID. */
export function FarmLinkForm({
  kd,
  code,
  actions,
}: {
  kd: string;
  code: string;
  actions: ReturnType<typeof useFarmActions>;
}) {
  const [farm, setFarm] = useState('');
  const [main, setMain] = useState('');
  const [names, setNames] = useState<Names>({});
  const [message, setMessage] = useState<Message>(null);
  const ids = { farm: useId(), main: useId() };

  const parse = (text: string) => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : null);

  const lookUp = async () => {
    const farmId = parse(farm);
    const mainId = parse(main);
    if (farmId === null && mainId === null) {
      return setMessage({ tone: 'error', text: 'Type a governor ID to look up' });
    }
    setMessage(null);
    try {
      const [f, m] = await Promise.all([
        farmId === null ? undefined : lookupGovernor(kd, code, farmId),
        mainId === null ? undefined : lookupGovernor(kd, code, mainId),
      ]);
      setNames({ farm: f?.name, main: m?.name });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, 'Failed to look the IDs up') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const farmId = parse(farm);
    const mainId = parse(main);
    if (farmId === null || mainId === null) {
      return setMessage({ tone: 'error', text: 'Governor IDs are whole numbers' });
    }
    actions.link.mutate(
      { farmId, mainId },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: `${farmId} is now a farm of ${mainId}` });
          setFarm('');
          setMain('');
          setNames({});
        },
        onError: (error) =>
          setMessage({ tone: 'error', text: errorText(error, 'Failed to link the accounts') }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-label="Link a farm">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Farm governor ID" htmlFor={ids.farm} hint={nameHint(names.farm)}>
          <input
            id={ids.farm}
            value={farm}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => {
              setFarm(e.target.value);
              setNames((n) => ({ ...n, farm: undefined }));
            }}
            className={inputClass}
          />
        </Field>
        <Field label="Main governor ID" htmlFor={ids.main} hint={nameHint(names.main)}>
          <input
            id={ids.main}
            value={main}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => {
              setMain(e.target.value);
              setNames((n) => ({ ...n, main: undefined }));
            }}
            className={inputClass}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void lookUp()}>
          Look up names
        </button>
        <button type="submit" className={primaryButton} disabled={actions.link.isPending}>
          {actions.link.isPending ? 'Linking...' : 'Link farm'}
        </button>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </form>
  );
}

function nameHint(name: string | null | undefined): string | undefined {
  if (name === undefined) return undefined;
  return name === null ? 'Not in any scan of this kingdom' : `In the scans: ${name}`;
}
