import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { kingdomLabel } from '../kingdom.ts';

interface DashboardViewProps {
  kd: string;
  code: string;
}

/** The main dashboard for one kingdom; shared by its own route and the demo route. */
export function DashboardView({ kd }: DashboardViewProps) {
  return (
    <PageHeader
      title={`Main dashboard — ${kingdomLabel(kd)}`}
      description="Player statistics over a chosen scan period, with camp and kingdom summaries, the DKP formula and the diplomacy overview."
    />
  );
}
