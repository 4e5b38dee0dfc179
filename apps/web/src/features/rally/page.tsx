import { useParams } from 'react-router';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { kingdomLabel } from '../kingdom.ts';

export function Component() {
  const { kd } = useParams();
  return (
    <PageHeader
      title={`Rally Data — ${kingdomLabel(kd)}`}
      description="Rallies launched and joined per player over a chosen period."
    />
  );
}
