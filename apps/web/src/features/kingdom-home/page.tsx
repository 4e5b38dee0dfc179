import { useParams } from 'react-router';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { kingdomLabel } from '../kingdom.ts';

export function Component() {
  const { kdno } = useParams();
  return (
    <PageHeader
      title={`Kingdom home — ${kingdomLabel(kdno)}`}
      description="Whether KvK is active, its number, and when it opens and closes."
    />
  );
}
