import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AddressProblem, addressWithout, withProblems } from './address-problems.ts';

/**
 * Checks the screen's address with `check` (memoised by the caller on what it knows: scan times, kingdoms, camps),
 * again as each becomes known: a wrong period, KD or camp is taken out of the address (replaced, so Back does not
 * return to it) and kept here for the notice (AddressNotice).
 */
export function useAddressCheck(check: (search: string) => AddressProblem[]) {
  const [params, setParams] = useSearchParams();
  const [problems, setProblems] = useState<AddressProblem[]>([]);
  const search = params.toString();
  useEffect(() => {
    const found = check(search);
    if (found.length === 0) return;
    setProblems((current) => withProblems(current, found));
    setParams(addressWithout(search, found), { replace: true, preventScrollReset: true });
  }, [search, check, setParams]);
  return { problems, dismiss: () => setProblems([]) };
}
