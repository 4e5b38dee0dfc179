import { Navigate, useParams } from 'react-router';

/** /admin/settings/{kd}/{code}/review, the address imports give: the review is a section of the settings page. */
export function Component() {
  const { kdno = '', code = '' } = useParams();
  return (
    <Navigate
      to={`/admin/settings/${encodeURIComponent(kdno)}/${encodeURIComponent(code)}#data-review`}
      replace
    />
  );
}
