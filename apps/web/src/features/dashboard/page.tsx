import { useParams } from 'react-router';
import { DashboardView } from './DashboardView.tsx';

export function Component() {
  const { kd = '', code = '' } = useParams();
  return <DashboardView kd={kd} code={code} />;
}
