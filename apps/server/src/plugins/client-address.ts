import { isIPv4, isIPv6 } from 'node:net';
import { DEFAULT_IPV6_PREFIX_BITS } from '../config.ts';

/**
 * The address a rate limit counts a client under. IPv4 addresses (and IPv4 written as IPv6, `::ffff:1.2.3.4`) are
 * themselves. An IPv6 address is its first `prefixBits` bits, written as a network (`2001:db8:1:2::/64`): a home or
 * a server is handed a whole /64 and can send from any of its 2^64 addresses, so counting each one apart would let
 * one guesser walk past every per-address limit (docs/security.md, "Rate limits"). Anything else (a Unix socket, an
 * inject test's placeholder) is kept as it came. The default prefix is a /64 (config.ts), the smallest network a
 * provider hands a home.
 */
export function rateLimitAddress(ip: string, prefixBits: number = DEFAULT_IPV6_PREFIX_BITS): string {
  const zoneless = ip.split('%')[0]!;
  if (isIPv4(zoneless)) return zoneless;
  if (!isIPv6(zoneless)) return ip;
  const groups = ipv6Groups(zoneless);
  const mapped = mappedIpv4(groups);
  if (mapped) return mapped;
  const bits = Math.min(128, Math.max(0, Math.trunc(prefixBits)));
  const kept = groups.map((group, i) => {
    const keep = Math.min(16, Math.max(0, bits - i * 16));
    return keep === 0 ? 0 : group & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${compress(kept)}/${bits}`;
}

/** The eight 16-bit groups of a valid IPv6 address, with `::` expanded and a trailing dotted IPv4 read. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
}

function mappedIpv4(groups: number[]): string | undefined {
  const prefixZero = groups.slice(0, 5).every((group) => group === 0);
  if (!prefixZero || groups[5] !== 0xffff) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** RFC 5952's short form: the longest run of two or more zero groups as `::`. */
function compress(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - i > best.length) best = { start: i, length: end - i };
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.length < 2) return hex.join(':');
  const left = hex.slice(0, best.start).join(':');
  const right = hex.slice(best.start + best.length).join(':');
  return `${left}::${right}`;
}
