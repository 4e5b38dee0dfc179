import { useExportHeaders } from '../../export/header-language.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * Beside a table's export: "Column names in <language>", off by default (exports keep English names, which sheets
 * and bots read), remembered for every export; shown only when the screen's language is not English.
 */
export function ExportHeadersOption() {
  const { t, locale } = useT();
  const { offered, asked, language, setAsked } = useExportHeaders(locale);
  if (!offered) return null;
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-xs text-slate-300">
      <input
        type="checkbox"
        checked={asked}
        onChange={(event) => setAsked(event.target.checked)}
        className="size-4 accent-sky-500"
      />
      {t('export.headersInLanguage', { language })}
    </label>
  );
}
