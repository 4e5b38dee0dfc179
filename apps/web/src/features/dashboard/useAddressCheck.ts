import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AddressKnowledge,
  type AddressProblem,
  addressProblems,
  addressWithout,
} from './address-problems.ts';

/**
 * Checks the dashboard's address against what the kingdom has, as soon as each is known: a wrong period, KD or camp
 * is taken out of the address (replaced, so Back does not return to it) and kept here for the notice.
 */
export function useAddressCheck(known: AddressKnowledge) {
  const [params, setParams] = useSearchParams();
  const [problems, setProblems] = useState<AddressProblem[]>([]);
  const search = params.toString();
  const { scanTimes, kds, camps, periodRefused } = known;
  useEffect(() => {
    const found = addressProblems(search, { scanTimes, kds, camps, periodRefused });
    if (found.length === 0) return;
    setProblems((current) => [
      ...current,
      ...found.filter((problem) => !current.some((seen) => seen.kind === problem.kind)),
    ]);
    setParams(addressWithout(search, found), { replace: true, preventScrollReset: true });
  }, [search, scanTimes, kds, camps, periodRefused, setParams]);
  return { problems, dismiss: () => setProblems([]) };
}
