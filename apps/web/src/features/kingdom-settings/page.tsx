import { useParams } from 'react-router';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { kingdomLabel } from '../kingdom.ts';

export function Component() {
  const { kdno } = useParams();
  return (
    <PageHeader
      title={`Kingdom settings — ${kingdomLabel(kdno)}`}
      description="Settings and scan imports for this kingdom."
    />
  );
}
