import { type FormEvent, useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { useT } from '../../i18n/i18n.ts';
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
  const { t } = useT();

  const parse = (text: string) => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : null);

  const lookUp = async () => {
    const farmId = parse(farm);
    const mainId = parse(main);
    if (farmId === null && mainId === null) {
      return setMessage({ tone: 'error', text: t('farms.typeId') });
    }
    setMessage(null);
    try {
      const [f, m] = await Promise.all([
        farmId === null ? undefined : lookupGovernor(kd, code, farmId),
        mainId === null ? undefined : lookupGovernor(kd, code, mainId),
      ]);
      setNames({ farm: f?.name, main: m?.name });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error, t('farms.lookUpFailed')) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const farmId = parse(farm);
    const mainId = parse(main);
    if (farmId === null || mainId === null) {
      return setMessage({ tone: 'error', text: t('farms.idsWhole') });
    }
    actions.link.mutate(
      { farmId, mainId },
      {
        onSuccess: () => {
          setMessage({
            tone: 'success',
            text: t('farms.linked', { farm: String(farmId), main: String(mainId) }),
          });
          setFarm('');
          setMain('');
          setNames({});
        },
        onError: (error) => setMessage({ tone: 'error', text: errorText(error, t('farms.linkFailed')) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-label={t('farms.linkForm')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('farms.farmId')} htmlFor={ids.farm} hint={nameHint(names.farm, t)}>
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
        <Field label={t('farms.mainId')} htmlFor={ids.main} hint={nameHint(names.main, t)}>
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
          {t('farms.lookUp')}
        </button>
        <button type="submit" className={primaryButton} disabled={actions.link.isPending}>
          {actions.link.isPending ? t('farms.linking') : t('farms.link')}
        </button>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </form>
  );
}

function nameHint(name: string | null | undefined, t: ReturnType<typeof useT>['t']): string | undefined {
  if (name === undefined) return undefined;
  return name === null ? t('farms.notInKingdomScan') : t('farms.inScans', { name });
}
