import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';

describe('rateLimitAddress', () => {
  it('counts every address of one IPv6 /64 as that network', () => {
    expect(rateLimitAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('takes the prefix it is given, down to part of a group', () => {
    expect(rateLimitAddress('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(rateLimitAddress('2001:db8:1:2::1', 56)).toBe('2001:db8:1::/56');
    expect(rateLimitAddress('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200::/56');
    expect(rateLimitAddress('2001:db8::7', 128)).toBe('2001:db8::7/128');
  });

  it('keeps IPv4, and IPv4 written as IPv6, as the one address', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('reads loopback, zones and whatever is not an address', () => {
    expect(rateLimitAddress('::1')).toBe('::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80::/64');
    expect(rateLimitAddress('unix-socket')).toBe('unix-socket');
  });
});
