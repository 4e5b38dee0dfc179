import { useParams } from 'react-router';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { kingdomLabel } from '../kingdom.ts';
import { FORMULA_TAB_LABELS, formulaTab } from './tabs.ts';

export function Component() {
  const { kd, tab } = useParams();
  return (
    <PageHeader
      title={`Formula editor — ${kingdomLabel(kd)}`}
      description={`The DKP formula, power-tier goals and wars the kingdom's bot scores with. Tab: ${FORMULA_TAB_LABELS[formulaTab(tab)]}.`}
    />
  );
}
