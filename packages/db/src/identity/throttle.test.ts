import { describe, expect, it } from 'vitest';
import { clientAddress } from './throttle.ts';

describe('the client address a per-address limit counts', () => {
  it('an IPv4 address is itself', () => {
    expect(clientAddress('192.0.2.7')).toBe('192.0.2.7');
  });

  it('an IPv6 address counts as its /64, however it is written', () => {
    const net = '2001:db8:0:7::/64';
    for (const ip of [
      '2001:db8:0:7::1',
      '2001:DB8:0:7:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0007:0000:0000:0000:0099',
      '2001:db8:0:7:1:2:192.0.2.1',
      '2001:db8:0:7::5%eth0',
    ]) {
      expect(clientAddress(ip), ip).toBe(net);
    }
    expect(clientAddress('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('an IPv4-mapped IPv6 address is the IPv4 address', () => {
    expect(clientAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddress('::ffff:c000:207')).toBe('192.0.2.7');
  });

  it('something that is not an address is kept as it came', () => {
    for (const odd of ['1:2:3', '1::2::3', '2001:db8::zz', 'unknown']) {
      expect(clientAddress(odd), odd).toBe(odd);
    }
  });
});
