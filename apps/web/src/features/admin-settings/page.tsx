import { PageHeader } from '../../components/layout/PageHeader.tsx';

export function Component() {
  return (
    <PageHeader
      title="Kingdom Management"
      description="Every kingdom on this site with its access code and a link to its settings."
    />
  );
}
