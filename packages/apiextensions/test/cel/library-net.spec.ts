import t, { type Test } from 'tap';
import { CELValidator, newStructural } from '../../src/index.js';

function evaluate(rule: string, value: string): string[] {
  const s = newStructural({ type: 'object', properties: { v: { type: 'string', 'x-kubernetes-validations': [{ rule }] } } });
  const v = CELValidator.forSchema(s);
  if (v === undefined) throw new Error('no rules');
  return v.validate(undefined, { v: value }).map(String);
}
const ok = (t: Test, rule: string, value = '') => t.same(evaluate(rule, value), [], rule);

t.test('ip', async (t) => {
  ok(t, "isIP(self) && ip(self).family() == 4 && string(ip(self)) == '10.1.2.3'", '10.1.2.3');
  ok(t, "ip(self).family() == 6 && string(ip(self)) == '2001:db8::1' && ip(self) == ip('2001:0db8:0:0::1')", '2001:DB8:0:0:0:0:0:1');
  ok(t, "!isIP('01.2.3.4') && !isIP('1.2.3') && !isIP('fe80::1%eth0') && !isIP('::ffff:1.2.3.4') && isIP('::1.2.3.4')");
  ok(t, "ip('0.0.0.0').isUnspecified() && ip('::').isUnspecified() && ip('127.0.0.2').isLoopback() && ip('::1').isLoopback()");
  ok(t, "ip('224.0.0.5').isLinkLocalMulticast() && ip('ff02::1').isLinkLocalMulticast() && !ip('224.0.1.5').isLinkLocalMulticast()");
  ok(t, "ip('169.254.1.1').isLinkLocalUnicast() && ip('fe80::1').isLinkLocalUnicast() && !ip('10.0.0.1').isLinkLocalUnicast()");
  ok(t, "ip('10.0.0.1').isGlobalUnicast() && ip('2001:db8::1').isGlobalUnicast() && !ip('255.255.255.255').isGlobalUnicast() && !ip('ff00::1').isGlobalUnicast()");
  // Upstream's examples for ip.isCanonical (library/ip.go).
  ok(t, "ip.isCanonical('127.0.0.1') && ip.isCanonical('2001:db8::abcd') && !ip.isCanonical('2001:DB8::ABCD') && !ip.isCanonical('2001:db8::0:0:0:abcd')");
  t.same(evaluate('ip.isCanonical(self)', '1.2.3'), [
    'v: Invalid value: "string": IP Address "1.2.3" parse error during conversion from string: ParseAddr("1.2.3"): unable to parse IP evaluating rule: ip.isCanonical(self)',
  ]);
  t.same(evaluate('ip(self).family() == 4', '1.2.3'), [
    'v: Invalid value: "string": IP Address "1.2.3" parse error during conversion from string: ParseAddr("1.2.3"): unable to parse IP evaluating rule: ip(self).family() == 4',
  ]);
});

t.test('cidr', async (t) => {
  ok(t, "isCIDR(self) && cidr(self).prefixLength() == 8 && cidr(self).containsIP('10.2.3.4') && cidr(self).containsIP(ip('10.0.0.1')) && !cidr(self).containsIP('11.0.0.1')", '10.0.0.0/8');
  ok(t, "cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16') && !cidr('10.0.0.0/16').containsCIDR(cidr('10.0.0.0/8')) && !cidr('10.0.0.0/8').containsIP('::1')");
  ok(t, "string(cidr('10.1.2.3/8').masked()) == '10.0.0.0/8' && string(cidr('10.1.2.3/8').ip()) == '10.1.2.3' && string(cidr('2001:db8::1/32').masked()) == '2001:db8::/32'");
  ok(t, "!isCIDR('10.0.0.0/33') && !isCIDR('10.0.0.0') && !isCIDR('10.0.0.0/08') && isCIDR('::/0')");
});

t.test('url', async (t) => {
  ok(t, "isURL(self) && url(self).getScheme() == 'https' && url(self).getHost() == 'example.com:8443' && url(self).getHostname() == 'example.com' && url(self).getPort() == '8443'", 'HTTPS://example.com:8443/a%20b?x=1&x=2&y=a+b');
  ok(t, "url(self).getEscapedPath() == '/a%20b' && url(self).getQuery() == {'x': ['1', '2'], 'y': ['a b']}", 'https://example.com:8443/a%20b?x=1&x=2&y=a+b');
  ok(t, "url('https://[::1]:80/').getHostname() == '::1' && url('/just/a/path').getHost() == '' && url('https://example.com').getEscapedPath() == ''");
  ok(t, "!isURL('example.com') && !isURL('') && !isURL('https://h:port/') && !isURL('/a%zz') && isURL('mailto:a@b')");
});
