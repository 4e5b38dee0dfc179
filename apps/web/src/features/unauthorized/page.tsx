import { Link } from 'react-router';
import { PageHeader } from '../../components/layout/PageHeader.tsx';

export function Component() {
  return (
    <>
      <PageHeader
        title="Access Denied"
        description="You don't have sufficient permissions to access this page."
      />
      <Link to="/" className="text-sky-400 underline-offset-4 hover:underline">
        Back to Home
      </Link>
    </>
  );
}
