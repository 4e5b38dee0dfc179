import { errorBodySchema } from '@kingdom-stats/core/api';
import { ApiError } from '../../api/client.ts';
import { ALL } from '../../api/dashboard-requests.ts';
import { translate } from '../../i18n/i18n.ts';

/**
 * What a dashboard address asks for that the kingdom cannot show (issue 41): one behaviour for each — the screen
 * says what was wrong in words, shows the default period or the unfiltered view, and the address loses the value
 * (replaced, not pushed). Before, `?kd=7777` and `?camp=Nope` filtered to nothing while the selects said "All",
 * `?from=abc` was ignored but kept, and `?from=1&to=2` showed the API's "start_date 1 is not the time of a scan"
 * with a Retry that could not succeed.
 */
export type AddressProblem =
  | { kind: 'period-invalid' }
  | { kind: 'period-reversed' }
  | { kind: 'period-unknown' }
  | { kind: 'kd'; value: string }
  | { kind: 'camp'; value: string }
  /** Choices of the view (a chart's counter, a table's sort, the mode) the screen does not offer: `name=value`s. */
  | { kind: 'view'; choices: readonly ViewChoice[] };

/** One parameter of the address and the value it had. */
export interface ViewChoice {
  name: string;
  value: string;
}

/** What the screen knows to check the address against; null while it is not known yet. */
export interface AddressKnowledge {
  /** The kingdom's scan times (the answer's dates). */
  scanTimes: readonly number[] | null;
  /** The kingdoms the KD filter offers. */
  kds: readonly number[] | null;
  /** The camps the camp filter offers. */
  camps: readonly string[] | null;
  /** The server refused the address's period (a time that is no scan's, or a start after the end). */
  periodRefused: boolean;
}

const TIMESTAMP = /^\d{1,12}$/;
const KD = /^\d{1,5}$/;

export function addressProblems(search: string, known: AddressKnowledge): AddressProblem[] {
  const params = new URLSearchParams(search);
  const problems: AddressProblem[] = [];
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    if (from === null || to === null || !TIMESTAMP.test(from) || !TIMESTAMP.test(to)) {
      problems.push({ kind: 'period-invalid' });
    } else if (Number(from) > Number(to)) {
      problems.push({ kind: 'period-reversed' });
    } else if (
      known.periodRefused ||
      (known.scanTimes !== null &&
        !(known.scanTimes.includes(Number(from)) && known.scanTimes.includes(Number(to))))
    ) {
      problems.push({ kind: 'period-unknown' });
    }
  }
  const kd = params.get('kd');
  if (
    kd !== null &&
    kd !== ALL &&
    (!KD.test(kd) || (known.kds !== null && !known.kds.includes(Number(kd))))
  ) {
    problems.push({ kind: 'kd', value: kd });
  }
  const camp = params.get('camp');
  if (camp !== null && camp !== ALL && known.camps !== null && !known.camps.includes(camp.trim())) {
    problems.push({ kind: 'camp', value: camp });
  }
  return problems;
}

/**
 * The problems to tell, with new ones found: one sentence per kind, but the view's choices gathered into one (they
 * can be found at different times, each as the data that shows it is known).
 */
export function withProblems(
  told: readonly AddressProblem[],
  found: readonly AddressProblem[],
): AddressProblem[] {
  const result = [...told];
  for (const problem of found) {
    const at = result.findIndex((seen) => seen.kind === problem.kind);
    if (at < 0) result.push(problem);
    else if (problem.kind === 'view') {
      const seen = result[at] as Extract<AddressProblem, { kind: 'view' }>;
      const more = problem.choices.filter((choice) => !seen.choices.some((c) => c.name === choice.name));
      if (more.length > 0) result[at] = { kind: 'view', choices: [...seen.choices, ...more] };
    }
  }
  return result;
}

/** The address without the values that were wrong; the rest of the view stays. */
export function addressWithout(search: string, problems: readonly AddressProblem[]): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const problem of problems) {
    if (problem.kind === 'view') {
      for (const choice of problem.choices) params.delete(choice.name);
    } else if (problem.kind === 'kd' || problem.kind === 'camp') {
      params.delete(problem.kind);
    } else {
      params.delete('from');
      params.delete('to');
      params.delete('period'); // the rally page's preset or `custom`
    }
  }
  // A filter that was wrong showed nothing: its page number means nothing either.
  if (problems.some((problem) => problem.kind === 'kd' || problem.kind === 'camp')) params.delete('page');
  return params;
}

/** The sentence that tells the reader, in their language. */
export function addressProblemText(problem: AddressProblem): string {
  switch (problem.kind) {
    case 'period-invalid':
      return translate('address.periodInvalid');
    case 'period-reversed':
      return translate('address.periodReversed');
    case 'period-unknown':
      return translate('address.periodUnknown');
    case 'kd':
      return translate('address.kdUnknown', { kd: problem.value });
    case 'camp':
      return translate('address.campUnknown', { camp: problem.value });
    case 'view':
      return translate('address.viewUnknown', {
        choices: problem.choices.map((choice) => `${choice.name}=${choice.value}`).join(', '),
      });
  }
}

/** The server refused the address's period: a time that is no scan's (its issue names the parameter), or reversed. */
export function isPeriodRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const body = errorBodySchema.safeParse(error.body);
  if (!body.success) return false;
  const issues = body.data.issues ?? [];
  return (
    issues.some((issue) => issue.path === 'query.start_date' || issue.path === 'query.end_date') ||
    body.data.error === 'Start date cannot be later than end date'
  );
}
