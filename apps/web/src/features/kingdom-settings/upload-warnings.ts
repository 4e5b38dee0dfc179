/**
 * An upload of several files often gets the same warning for many of them (nine RokTracker files, none with heals):
 * the results say such a warning once, naming its files, rather than once per file (issue 41 item 10).
 */

/** What one file's answer warned about. */
export interface FileWarnings {
  fileName: string;
  warnings: readonly string[];
}

export interface SharedWarning {
  warning: string;
  /** The files it concerns, in the upload's order. */
  files: string[];
}

/** The warnings two or more files got word for word, each with its files, in the order they first came. */
export function sharedWarnings(answers: readonly FileWarnings[]): SharedWarning[] {
  const byText = new Map<string, string[]>();
  for (const { fileName, warnings } of answers) {
    for (const warning of new Set(warnings)) {
      const files = byText.get(warning) ?? [];
      files.push(fileName);
      byText.set(warning, files);
    }
  }
  return [...byText].filter(([, files]) => files.length > 1).map(([warning, files]) => ({ warning, files }));
}
