import { PageHeader } from '../../components/layout/PageHeader.tsx';

export function Component() {
  return (
    <PageHeader
      title="Kingdom Stats"
      description="Kingdom, camp and player performance for KvK, DKP scoring with your own formula, rally leaderboards and a diplomacy overview."
    />
  );
}
