import { useParams } from 'react-router';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { kingdomLabel } from '../kingdom.ts';

export function Component() {
  const { kd } = useParams();
  return (
    <PageHeader
      title={`KD DKP dashboard — ${kingdomLabel(kd)}`}
      description="Each player's DKP score against the goal for their power tier during KvK, with pre-KvK rankings."
    />
  );
}
