import { primaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { type MessageId, useT } from '../../i18n/i18n.ts';

/** What a save, reset or load came to, said in the editor's result modal (SPEC §5). */
export interface Result {
  /** 'invalid': the draft's own problems, listed in the modal (not "Something went wrong": nothing went wrong). */
  tone: 'success' | 'error' | 'invalid';
  message: string;
  issues?: string[];
}

const RESULT_TITLES: Record<Result['tone'], MessageId> = {
  success: 'formula.result.success',
  error: 'error.title',
  invalid: 'formula.result.invalid',
};

export function ResultModal({ result, onClose }: { result: Result | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      open={result !== null}
      onClose={onClose}
      title={t(RESULT_TITLES[result?.tone ?? 'error'])}
      footer={
        <button type="button" className={primaryButton} onClick={onClose} data-autofocus>
          {t('formula.ok')}
        </button>
      }
    >
      <p
        className={`flex items-start gap-2 text-sm ${
          result?.tone === 'success' ? 'text-emerald-200' : 'text-red-200'
        }`}
      >
        <span aria-hidden="true">{result?.tone === 'success' ? '✓' : '!'}</span>
        <span data-testid="result-message">{result?.message}</span>
      </p>
      {result?.issues && result.issues.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 ps-5 text-sm text-red-100">
          {result.issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
