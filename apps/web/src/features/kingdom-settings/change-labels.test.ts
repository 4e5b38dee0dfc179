import { readFileSync } from 'node:fs';
import { AUDIT_ACTIONS } from '@kingdom-stats/core';
import { describe, expect, it } from 'vitest';
import { CHANGE_LABELS, changeLabel } from './change-labels.ts';

const english = JSON.parse(
  readFileSync(new URL('../../i18n/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

// Issue 41: Recent changes showed raw keys (`formula.save`). Every action the server may write (core's AUDIT_ACTIONS,
// the only type recordAudit takes) has words in the catalogs; the completeness test carries them to every language.
describe('Recent changes labels', () => {
  it.each(AUDIT_ACTIONS)('names %s in words', (action) => {
    const id = changeLabel(action);
    expect(id).toBeDefined();
    const text = english[id!];
    expect(text).toBeTruthy();
    expect(text).not.toContain(action);
  });

  it('labels no action the server does not write, and each with its own words', () => {
    expect(Object.keys(CHANGE_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    const texts = AUDIT_ACTIONS.map((action) => english[CHANGE_LABELS[action]]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('leaves an action it does not know to the caller', () => {
    expect(changeLabel('something.new')).toBeUndefined();
    expect(changeLabel('toString')).toBeUndefined();
  });
});
