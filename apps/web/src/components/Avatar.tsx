import { colorFromName, initials } from '@kingdom-stats/core';

interface AvatarProps {
  name: string | null | undefined;
  size?: 'sm' | 'md';
}

/** A governor's initials on a colour taken from the name, the same on every page and visit. */
export function Avatar({ name, size = 'md' }: AvatarProps) {
  const color = colorFromName(name);
  return (
    <span
      aria-hidden="true"
      data-avatar={initials(name)}
      className={`grid shrink-0 place-items-center rounded-full font-semibold ${
        size === 'sm' ? 'size-7 text-[11px]' : 'size-8 text-xs'
      }`}
      style={{ backgroundColor: `${color}26`, color, boxShadow: `inset 0 0 0 1px ${color}55` }}
    >
      {initials(name)}
    </span>
  );
}
