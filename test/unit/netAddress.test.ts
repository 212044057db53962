// The webhook SSRF guard's address classifier, as a table.
import assert from 'node:assert/strict';
import { isForbiddenAddress } from '../../src/domain/netAddress.js';

const FORBIDDEN: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.0.0.2', 'loopback, not just .1'],
  ['127.255.255.254', 'loopback, top of 127/8'],
  ['10.0.0.1', '10/8'],
  ['10.255.255.255', '10/8 top'],
  ['172.16.0.1', '172.16/12 bottom'],
  ['172.31.255.254', '172.16/12 top'],
  ['192.168.0.1', '192.168/16'],
  ['192.168.255.255', '192.168/16 top'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['169.254.0.1', 'link-local'],
  ['0.0.0.0', 'unspecified'],
  ['100.64.0.1', 'CGNAT'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'IPv6 loopback'],
  ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['febf::1', 'IPv6 link-local top of fe80::/10'],
  ['fc00::1', 'IPv6 unique local'],
  ['fd12:3456:789a::1', 'IPv6 unique local fd'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
  ['::ffff:10.0.0.1', 'IPv4-mapped 10/8'],
  ['::ffff:192.168.1.1', 'IPv4-mapped 192.168/16'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['0:0:0:0:0:ffff:ac10:1', 'IPv4-mapped 172.16.0.1, long hex form'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['[::1]', 'bracketed IPv6 loopback'],
  ['localhost', 'not an address at all'],
  ['', 'empty'],
];

const ALLOWED: Array<[string, string]> = [
  ['93.184.216.34', 'public IPv4'],
  ['8.8.8.8', 'public IPv4'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['192.167.255.255', 'just below 192.168/16'],
  ['11.0.0.1', 'just above 10/8'],
  ['169.253.255.255', 'just below link-local'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['::ffff:93.184.216.34', 'IPv4-mapped public'],
];

describe('webhook destination address classifier', () => {
  for (const [address, why] of FORBIDDEN) {
    it(`refuses ${address || '(empty)'} (${why})`, () => assert.equal(isForbiddenAddress(address), true));
  }
  for (const [address, why] of ALLOWED) {
    it(`allows ${address} (${why})`, () => assert.equal(isForbiddenAddress(address), false));
  }
  it('refuses deprecated site-local fec0::/10', () => assert.equal(isForbiddenAddress('fec0::1'), true));
});
