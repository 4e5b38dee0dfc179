import { PageHeader } from '../../components/layout/PageHeader.tsx';

export function Component() {
  return (
    <PageHeader title="User Management" description="Create and remove the administrators of this site." />
  );
}
