import { addTier, editTierRange, type GoalTier, nextTierFrom } from '@kingdom-stats/core';
import { type ReactNode, useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { useT } from '../../i18n/i18n.ts';
import { millions, tierErrorText } from './messages.ts';
import { FieldError } from './ui.tsx';

/** The Add and Edit tier modals: one form whose submit button sits in the modal's footer. */
function TierFormModal({
  formId,
  title,
  description,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: {
  formId: string;
  title: string;
  description: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className={primaryButton}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="space-y-3"
      >
        {children}
      </form>
    </Modal>
  );
}

function TextField({
  label,
  value,
  onChange,
  disabled,
  autofocus,
}: {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  autofocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          className={`${inputClass} w-full min-w-0 tabular-nums disabled:opacity-60`}
          inputMode="decimal"
          value={value}
          disabled={disabled}
          readOnly={!onChange}
          data-autofocus={autofocus || undefined}
          onChange={(event) => onChange?.(event.target.value)}
        />
        <span className="text-xs text-slate-400">M</span>
      </div>
    </div>
  );
}

const goalText = (goal: number | null) => (goal === null ? '-' : millions(goal));

export function AddTierModal({
  tiers,
  onClose,
  onSave,
}: {
  tiers: GoalTier[];
  onClose: () => void;
  onSave: (tiers: GoalTier[]) => void;
}) {
  const { t } = useT();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const from = nextTierFrom(tiers);
  const last = tiers.at(-1);
  const save = () => {
    const result = addTier(tiers, to);
    if (result.ok) onSave(result.tiers);
    else setError(tierErrorText(result));
  };
  return (
    <TierFormModal
      formId="add-tier-form"
      title={t('formula.addTier')}
      description={t('formula.addTierDescription')}
      submitLabel={t('formula.addTierSubmit')}
      onClose={onClose}
      onSubmit={save}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('formula.fromPower')} value={String(from)} disabled />
        <TextField
          label={t('formula.toPower')}
          value={to}
          autofocus
          onChange={(v) => {
            setError(null);
            setTo(v);
          }}
        />
      </div>
      {last && (
        <p className="text-xs text-slate-400">
          {t('formula.goalsCopied', {
            tier: tiers.length,
            dkp: goalText(last.score_multiplier),
            dead: goalText(last.dead_multiplier),
            kp: goalText(last.kp_multiplier),
            type: last.type === 'percentage' ? 'percentage' : 'value',
          })}
        </p>
      )}
      <FieldError message={error} />
    </TierFormModal>
  );
}

export function EditTierModal({
  tiers,
  index,
  onClose,
  onSave,
}: {
  tiers: GoalTier[];
  index: number;
  onClose: () => void;
  onSave: (tiers: GoalTier[]) => void;
}) {
  const { t } = useT();
  const tier = tiers[index]!;
  const [from, setFrom] = useState(String(tier.from));
  const [to, setTo] = useState(String(tier.to));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const result = editTierRange(tiers, index, from, to);
    if (result.ok) onSave(result.tiers);
    else setError(tierErrorText(result));
  };
  return (
    <TierFormModal
      formId="edit-tier-form"
      title={t('formula.editTier')}
      description={t('formula.editTierDescription', { tier: index + 1 })}
      submitLabel={t('formula.saveChanges')}
      onClose={onClose}
      onSubmit={save}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('formula.fromPower')}
          value={from}
          onChange={(v) => {
            setError(null);
            setFrom(v);
          }}
        />
        <TextField
          label={t('formula.toPower')}
          value={to}
          autofocus
          onChange={(v) => {
            setError(null);
            setTo(v);
          }}
        />
      </div>
      <FieldError message={error} />
    </TierFormModal>
  );
}
