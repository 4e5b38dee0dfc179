import type { DashboardResponse } from '@kingdom-stats/core/api';
import { ALL, type PlayerQuery } from '../../api/dashboard.ts';
import { translate } from '../../i18n/i18n.ts';

/** What a failing request was for, as the reader asked for it: 'page 2' after a pager click. */
export function loadingWhat(wanted: PlayerQuery, shown: PlayerQuery): string {
  const { page: wantedPage, ...wantedRest } = wanted;
  const { page: _shownPage, ...shownRest } = shown;
  const onlyPage = JSON.stringify(wantedRest) === JSON.stringify(shownRest) && wantedPage !== shown.page;
  return onlyPage ? translate('load.page', { page: String(wantedPage) }) : translate('load.dashboard');
}

/**
 * The KD and camp filters narrow each other (issue 14): with a camp chosen, only its kingdoms are offered; with a
 * KD chosen, only the camp it is in. The current choice always stays in its list, so the select never loses it.
 */
export function narrowKds(
  kds: number[],
  answer: DashboardResponse | undefined,
  camp: string,
  kd: string,
): number[] {
  const kdsOfCamp = camp === ALL ? undefined : answer?.kdSummary.campData[camp]?.kds;
  if (!kdsOfCamp) return kds;
  return kds.filter((value) => kdsOfCamp.includes(value) || String(value) === kd);
}

export function narrowCamps(
  camps: readonly string[],
  answer: DashboardResponse | undefined,
  kd: string,
  camp: string,
): string[] {
  if (kd === ALL || !answer) return [...camps];
  const campData = answer.kdSummary.campData;
  const known = camps.some((name) => campData[name] !== undefined);
  // Without camp data for these camps there is nothing to narrow by.
  if (!known) return [...camps];
  return camps.filter((name) => campData[name]?.kds.includes(Number(kd)) === true || name === camp);
}

/** The KD filter's choices: the access code's kds, else the period's, else those of the rows on screen (SPEC §8). */
export function kdChoices(
  allKds: readonly number[] | undefined,
  answer: DashboardResponse | undefined,
): number[] {
  if (allKds && allKds.length > 0) return [...allKds].sort((a, b) => a - b);
  if (!answer) return [];
  if (answer.availableKds.length > 0) return [...answer.availableKds].sort((a, b) => a - b);
  const fromRows = answer.playerData.map((row) => row.KD).filter((value): value is number => value !== null);
  return [...new Set(fromRows)].sort((a, b) => a - b);
}
