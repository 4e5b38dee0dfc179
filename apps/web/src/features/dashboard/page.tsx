import { useParams } from 'react-router';
import { KingdomNav } from '../../components/layout/KingdomNav.tsx';
import { DashboardView } from './DashboardView.tsx';

export function Component() {
  const { kd = '', code = '' } = useParams();
  return <DashboardView kd={kd} code={code} banner={<KingdomNav kd={kd} code={code} />} />;
}
