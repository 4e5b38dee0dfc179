import { Navigate, useLocation, useParams } from 'react-router';

/**
 * /admin/settings/{kd}/{code}/review, the address imports and README give: the review is a section of the settings
 * page. The address's filters and page (`?governor=…&status=all`) go along: dropping them opened the whole list.
 */
export function Component() {
  const { kdno = '', code = '' } = useParams();
  const { search } = useLocation();
  return (
    <Navigate
      to={{
        pathname: `/admin/settings/${encodeURIComponent(kdno)}/${encodeURIComponent(code)}`,
        search,
        hash: '#data-review',
      }}
      replace
    />
  );
}
