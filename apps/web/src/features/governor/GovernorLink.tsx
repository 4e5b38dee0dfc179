import { createContext, type ReactNode, useContext } from 'react';
import { Link, useParams } from 'react-router';

const seg = (value: string | number) => encodeURIComponent(String(value));

export const governorPagePath = (kd: string | number, governorId: number, code: string) =>
  `/${seg(kd)}/governor/${seg(governorId)}/${seg(code)}`;

/** The kingdom whose governor pages names link to, for a screen whose address does not carry kd and code (the demo). */
export const GovernorLinkKingdom = createContext<{ kd: string; code: string } | null>(null);

/** The kd and access code viewer links use: GovernorLinkKingdom's (the demo), else the screen's address. */
export function useViewerKingdom(): { kd: string | undefined; code: string | undefined } {
  const params = useParams();
  const given = useContext(GovernorLinkKingdom);
  return { kd: given?.kd ?? params.kd, code: given?.code ?? params.code };
}

export const comparePath = (kd: string | number, code: string, ids: readonly number[]) =>
  `/${seg(kd)}/compare/${seg(code)}?ids=${ids.join(',')}`;

/**
 * A governor's name in a viewer table, linking to the governor page with the kd and access code of the screen it is
 * on (or of GovernorLinkKingdom, which the demo sets: its address carries a secret, not the code); without them it
 * stays plain text. Importing it
 * costs a table nothing of the governor page: the page and its charts are a separate lazy route.
 */
export function GovernorLink({
  governorId,
  children,
  className = '',
}: {
  governorId: number | null | undefined;
  /** Optional so that a message can place the link around its own words (`<Trans components={{ 0: … }}>`). */
  children?: ReactNode;
  className?: string;
}) {
  const { kd, code } = useViewerKingdom();
  if (!kd || !code || governorId === null || governorId === undefined || !Number.isFinite(governorId))
    return <>{children}</>;
  return (
    <Link
      to={governorPagePath(kd, governorId, code)}
      className={`hover:underline focus-visible:outline-2 focus-visible:outline-sky-400 ${className}`}
      data-governor-link={governorId}
    >
      {children}
    </Link>
  );
}
