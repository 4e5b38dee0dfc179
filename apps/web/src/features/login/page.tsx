import { PageHeader } from '../../components/layout/PageHeader.tsx';

export function Component() {
  return (
    <PageHeader title="Kingdom Login" description="Staff sign-in for kingdom leaders and administrators." />
  );
}
