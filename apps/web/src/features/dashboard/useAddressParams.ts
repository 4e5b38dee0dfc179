import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** New values of some of the address's parameters: a text, several (a repeated parameter), or null to remove it. */
export type ParamsPatch = Readonly<Record<string, string | readonly string[] | null>>;

/** The address's parameters with `patch` applied; the others (the table's view, the language) stay as they are. */
export function patchedParams(search: string, patch: ParamsPatch): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch)) {
    params.delete(name);
    if (value === null) continue;
    for (const one of typeof value === 'string' ? [value] : value) params.append(name, one);
  }
  return params;
}

/** The address's query string for these parameters, `?` included (none without parameters), commas as commas. */
export function addressSearch(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ',');
  return text === '' ? '' : `?${text}`;
}

/**
 * A screen's choices kept in its address (issue 41 item 11: the charts' counter and values, autarch mode, the summary
 * tables' sorts), so a shared link opens the same view. Each change is a new history entry: Back returns to the
 * previous choice. A choice back at its default is removed (null), so plain links stay plain.
 */
export function useAddressParams() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setChoices = useCallback(
    (patch: ParamsPatch) => {
      // From the address as it is now, not as it was at this render (two changes in one event keep both). Commas
      // stay commas (`ids=1,2`, `seasons=7,5`): a link people read and paste, and one the server reads the same.
      const search = addressSearch(patchedParams(window.location.search, patch));
      navigate({ search }, { preventScrollReset: true });
    },
    [navigate],
  );
  return { params, setChoices };
}
