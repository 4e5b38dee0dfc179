import { Switch } from '../../components/controls/Switch.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The main dashboard shows the kingdom's scans, or its autarch scans (SPEC's autarch mode). */
export type Mode = 'normal' | 'autarch';

/** The switch between the two, shown when the kingdom has autarch mode on. */
export function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const { t } = useT();
  return (
    <div className="rounded-lg border border-slate-800 bg-slate-900/70 px-3 py-1">
      <Switch
        checked={mode === 'autarch'}
        onChange={(on) => onChange(on ? 'autarch' : 'normal')}
        label={t('dashboard.autarchMode')}
      />
    </div>
  );
}
