import {
  canAddTier,
  convertTierType,
  deleteTier,
  type GoalTier,
  type GoalType,
  isGoalInRange,
  MAX_GOAL_TIERS,
  MAX_TIER_GOAL,
} from '@kingdom-stats/core';
import { useId, useState } from 'react';
import { Switch } from '../../components/controls/Switch.tsx';
import { ghostButton, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { millions, tierErrorText } from './messages.ts';
import { AddTierModal, EditTierModal } from './TierModals.tsx';
import { FieldError, NumberField } from './ui.tsx';

interface GoalsTabProps {
  tiers: GoalTier[];
  deadOn: boolean;
  kpOn: boolean;
  mobile: boolean;
  onTiers: (tiers: GoalTier[]) => void;
  onDeadOn: (on: boolean) => void;
  onKpOn: (on: boolean) => void;
  /** Signed in without rights on this kingdom: shown, not edited (the carousel still moves). */
  readOnly?: boolean;
}

type TierModal = { kind: 'add' } | { kind: 'edit'; index: number } | null;

export function GoalsTab({
  tiers,
  deadOn,
  kpOn,
  mobile,
  onTiers,
  onDeadOn,
  onKpOn,
  readOnly = false,
}: GoalsTabProps) {
  const { t } = useT();
  const [modal, setModal] = useState<TierModal>(null);
  const [slide, setSlide] = useState(0);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const type: GoalType = tiers[0]?.type ?? 'percentage';
  const current = Math.min(slide, Math.max(0, tiers.length - 1));

  const setType = (next: GoalType) => onTiers(tiers.map((tier) => convertTierType(tier, next)));
  const updateTier = (index: number, patch: Partial<GoalTier>) =>
    onTiers(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));
  const remove = (index: number) => {
    const result = deleteTier(tiers, index);
    if (!result.ok) {
      setDeleteError(tierErrorText(result));
      return;
    }
    setDeleteError(null);
    onTiers(result.tiers);
  };

  const cards = tiers.map((tier, index) => (
    <TierCard
      // biome-ignore lint/suspicious/noArrayIndexKey: tiers are positions in an ordered list
      key={index}
      index={index}
      tier={tier}
      deadOn={deadOn}
      kpOn={kpOn}
      readOnly={readOnly}
      onChange={(patch) => updateTier(index, patch)}
      onEdit={() => setModal({ kind: 'edit', index })}
      onDelete={() => remove(index)}
    />
  ));

  return (
    <div className="space-y-4">
      <section
        aria-labelledby="goal-settings-title"
        className="rounded-xl border border-slate-800 bg-slate-900/50 p-3 sm:p-5"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <h2 id="goal-settings-title" className="text-lg font-semibold text-white">
              {t('formula.goalSettings')}
            </h2>
            <span
              data-testid="tier-counter"
              className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-medium text-slate-300 tabular-nums"
            >
              {t('formula.tierCounter', { n: fullNumber(tiers.length), max: fullNumber(MAX_GOAL_TIERS) })}
            </span>
          </div>
          <fieldset disabled={readOnly} className="flex flex-wrap items-center gap-2">
            <TypeSwitch value={type} onChange={setType} />
            <button
              type="button"
              className={primaryButton}
              disabled={!canAddTier(tiers)}
              onClick={() => setModal({ kind: 'add' })}
            >
              {canAddTier(tiers) ? (
                <>
                  <span aria-hidden="true">+</span> {t('formula.addTier')}
                </>
              ) : (
                t('formula.maxTiers')
              )}
            </button>
          </fieldset>
        </div>
        <p className="mb-3 text-xs text-slate-400">
          {t(type === 'percentage' ? 'formula.goalsPercentage' : 'formula.goalsValue')}
        </p>
        <FieldError message={deleteError} />
        {tiers.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-700 p-6 text-center text-sm text-slate-400">
            {t('formula.noTiers')}
          </p>
        ) : mobile ? (
          <section aria-roledescription="carousel" aria-label={t('formula.powerTiers')} className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setSlide(Math.max(0, current - 1))}
                disabled={current === 0}
                aria-label={t('formula.previousTier')}
              >
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ‹
                </span>{' '}
                {t('formula.prev')}
              </button>
              <div className="flex flex-wrap justify-center gap-2.5">
                {tiers.map((_, i) => (
                  <button
                    // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
                    key={i}
                    type="button"
                    aria-label={t('formula.showTier', { tier: i + 1 })}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => setSlide(i)}
                    className={`size-3 rounded-full ring-4 ring-transparent ${i === current ? 'bg-sky-400' : 'bg-slate-700 hover:bg-slate-500'}`}
                  />
                ))}
              </div>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setSlide(Math.min(tiers.length - 1, current + 1))}
                disabled={current >= tiers.length - 1}
                aria-label={t('formula.nextTier')}
              >
                {t('formula.next')}{' '}
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ›
                </span>
              </button>
            </div>
            <p className="text-center text-xs text-slate-400" data-testid="carousel-position">
              {t('formula.tierOf', { tier: current + 1, count: tiers.length })}
            </p>
            <div aria-live="polite">{cards[current]}</div>
          </section>
        ) : (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">{cards}</div>
        )}
      </section>

      <section
        aria-labelledby="requirements-title"
        className="rounded-xl border border-slate-800 bg-slate-900/50 p-3 sm:p-5"
      >
        <h2 id="requirements-title" className="text-lg font-semibold text-white">
          {t('formula.requirements')}
        </h2>
        <fieldset disabled={readOnly} className="mt-3 flex flex-col gap-2 sm:flex-row sm:gap-8">
          <Switch checked={deadOn} onChange={onDeadOn} label={t('formula.addDeadGoal')} />
          <Switch checked={kpOn} onChange={onKpOn} label={t('formula.addKpGoal')} />
        </fieldset>
      </section>

      {modal?.kind === 'add' && (
        <AddTierModal
          tiers={tiers}
          onClose={() => setModal(null)}
          onSave={(next) => {
            onTiers(next);
            setSlide(next.length - 1);
            setModal(null);
          }}
        />
      )}
      {modal?.kind === 'edit' && (
        <EditTierModal
          tiers={tiers}
          index={modal.index}
          onClose={() => setModal(null)}
          onSave={(next) => {
            onTiers(next);
            setModal(null);
          }}
        />
      )}
    </div>
  );
}

function TypeSwitch({ value, onChange }: { value: GoalType; onChange: (type: GoalType) => void }) {
  const { t } = useT();
  const options: [GoalType, string][] = [
    ['direct', t('formula.typeValue')],
    ['percentage', t('formula.typePercentage')],
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-700 bg-slate-950 p-0.5">
      <legend className="sr-only">{t('formula.goalType')}</legend>
      {options.map(([type, label]) => (
        <button
          key={type}
          type="button"
          aria-pressed={value === type}
          onClick={() => value !== type && onChange(type)}
          className={`h-8 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
            value === type ? 'bg-sky-500 text-slate-950' : 'text-slate-300 hover:text-white'
          }`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

interface TierCardProps {
  index: number;
  tier: GoalTier;
  deadOn: boolean;
  kpOn: boolean;
  readOnly: boolean;
  onChange: (patch: Partial<GoalTier>) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A goal the save would accept: present and within 0 … MAX_TIER_GOAL (the field turns red otherwise). */
function goalValid(value: number | null, type: GoalType): boolean {
  return value !== null && isGoalInRange(value, type);
}

function TierCard({ index, tier, deadOn, kpOn, readOnly, onChange, onEdit, onDelete }: TierCardProps) {
  const { t } = useT();
  const unit = tier.type === 'percentage' ? '%' : 'M';
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="tier-card"
      className="rounded-lg border border-slate-700/80 bg-slate-950/60 p-3"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="text-sm font-semibold text-white">
            {t('formula.tierTitle', { tier: index + 1 })}
          </h3>
          <p className="text-sm text-sky-200 tabular-nums" data-testid="tier-range">
            {t('formula.tierRange', { from: millions(tier.from), to: millions(tier.to) })}
          </p>
        </div>
        <fieldset disabled={readOnly} className="flex gap-1">
          <button
            type="button"
            className={`${ghostButton} h-8 px-2`}
            onClick={onEdit}
            aria-label={t('formula.editTierLabel', { tier: index + 1 })}
          >
            {t('formula.edit')}
          </button>
          <button
            type="button"
            className={`${ghostButton} h-8 px-2 text-red-300 hover:bg-red-950/50 hover:text-red-200`}
            onClick={onDelete}
            aria-label={t('formula.deleteTierLabel', { tier: index + 1 })}
          >
            {t('formula.delete')}
          </button>
        </fieldset>
      </div>
      <fieldset disabled={readOnly} className="mt-3 grid gap-2">
        <NumberField
          label={t('formula.dkpGoal')}
          value={tier.score_multiplier}
          onChange={(v) => onChange({ score_multiplier: v })}
          step={0.01}
          min={0}
          max={MAX_TIER_GOAL[tier.type]}
          unit={unit}
          invalid={!goalValid(tier.score_multiplier, tier.type)}
        />
        {deadOn && (
          <NumberField
            label={t('formula.goal.dead')}
            value={tier.dead_multiplier}
            onChange={(v) => onChange({ dead_multiplier: v })}
            step={0.01}
            min={0}
            max={MAX_TIER_GOAL[tier.type]}
            unit={unit}
            invalid={!goalValid(tier.dead_multiplier, tier.type)}
          />
        )}
        {kpOn && (
          <NumberField
            label={t('formula.goal.kp')}
            value={tier.kp_multiplier}
            onChange={(v) => onChange({ kp_multiplier: v })}
            step={0.01}
            min={0}
            max={MAX_TIER_GOAL[tier.type]}
            unit={unit}
            invalid={!goalValid(tier.kp_multiplier, tier.type)}
          />
        )}
      </fieldset>
    </article>
  );
}
