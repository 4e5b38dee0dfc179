import { useT } from '../../i18n/i18n.ts';
import { type AddressProblem, addressProblemText } from './address-problems.ts';

/** What the address asked for that the screen could not show, and what it shows instead (useAddressCheck). */
export function AddressNotice({
  problems,
  onDismiss,
}: {
  problems: readonly AddressProblem[];
  onDismiss: () => void;
}) {
  const { t } = useT();
  if (problems.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="address-notice"
      className="flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-950/40 px-3 py-2 text-sm text-amber-100"
    >
      <ul className="min-w-0 flex-1 space-y-0.5">
        {problems.map((problem) => (
          <li key={problem.kind}>{addressProblemText(problem)}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onDismiss}
        className="shrink-0 rounded px-1.5 text-amber-200 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        {t('address.dismiss')}
      </button>
    </div>
  );
}
