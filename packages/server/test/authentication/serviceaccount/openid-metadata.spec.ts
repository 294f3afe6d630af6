import { createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Container } from '@apiserver/restful';
import t from 'tap';
import { keyIDOf } from '../../../src/authentication/serviceaccount/jws.js';
import { OpenIDMetadataProvider } from '../../../src/authentication/serviceaccount/openid-metadata.js';
import { installOpenIDMetadata } from '../../../src/routes/openid-metadata.js';

const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ISSUER = 'https://kubernetes.default.svc.cluster.local';

t.test('the provider configuration and key set, as upstream renders them', async (t) => {
  const p = new OpenIDMetadataProvider({ issuerURL: ISSUER, externalAddress: () => '10.0.0.1:6443', publicKeys: [rsa.publicKey, ec.publicKey, rsa.publicKey] });
  t.equal(
    p.metadata.configJSON,
    '{"issuer":"https://kubernetes.default.svc.cluster.local","jwks_uri":"https://10.0.0.1:6443/openid/v1/jwks","response_types_supported":["id_token"],"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["ES256","RS256"]}',
    'compact, the algorithms sorted and listed once',
  );
  const keys = (JSON.parse(p.metadata.keysetJSON) as { keys: Record<string, string>[] }).keys;
  t.equal(keys.length, 2, 'a key given twice is listed once');
  const [r, e] = keys as [Record<string, string>, Record<string, string>];
  t.same(Object.keys(r), ['use', 'kty', 'kid', 'alg', 'n', 'e'], "RSA members in go-jose's order");
  t.same(Object.keys(e), ['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y'], "EC members in go-jose's order");
  t.match(r, { use: 'sig', kty: 'RSA', kid: keyIDOf(rsa.publicKey), alg: 'RS256', e: 'AQAB' });
  t.match(e, { use: 'sig', kty: 'EC', kid: keyIDOf(ec.publicKey), crv: 'P-256', alg: 'ES256' });
  t.equal(Buffer.from(e.x ?? '', 'base64url').length, 32, 'coordinates padded to the curve size');
  t.ok(createPublicKey({ key: e as JsonWebKey, format: 'jwk' }).equals(ec.publicKey), 'the EC JWK is the key');
  t.ok(createPublicKey({ key: r as JsonWebKey, format: 'jwk' }).equals(rsa.publicKey), 'the RSA JWK is the key');
  t.notOk(JSON.stringify(keys).includes('"d"'), 'no private members');
});

t.test('the JWKS URI: given (Go-escaped), else on the external address asked at first render', async (t) => {
  const given = new OpenIDMetadataProvider({ issuerURL: ISSUER, jwksURI: 'https://keys.example/jwks?a=1&b=<2>', publicKeys: [ec.publicKey] });
  t.match(given.metadata.configJSON, '"jwks_uri":"https://keys.example/jwks?a=1\\u0026b=\\u003c2\\u003e"');
  let address: string | undefined;
  const late = new OpenIDMetadataProvider({ issuerURL: ISSUER, externalAddress: () => address, publicKeys: [ec.publicKey] });
  t.throws(() => late.metadata, /attempted to build jwks_uri from external address , but could not construct a valid URL. Error: empty address/);
  address = '[::1]:8443';
  t.match(late.metadata.configJSON, '"jwks_uri":"https://[::1]:8443/openid/v1/jwks"', 'rendered once the address is known');
  address = 'elsewhere:1';
  t.match(late.metadata.configJSON, '[::1]:8443', 'and kept');
});

t.test("configurations the documents cannot be built from: upstream's messages", async (t) => {
  const keys = [ec.publicKey];
  const table: [Partial<ConstructorParameters<typeof OpenIDMetadataProvider>[0]>, string][] = [
    [{ issuerURL: '' }, 'empty issuer URL'],
    [{ issuerURL: 'kubernetes' }, 'issuer URL must use https scheme, got: kubernetes'],
    [{ issuerURL: 'http://a.example' }, 'issuer URL must use https scheme, got: http://a.example'],
    [{ issuerURL: 'https://a.example/?x=1' }, 'issuer URL may not include a query, got: https://a.example/?x=1'],
    [{ issuerURL: 'https://a.example/#f' }, 'issuer URL may not include a fragment, got: https://a.example/#f'],
    [{ jwksURI: 'http://keys.example' }, 'jwksURI requires https scheme, parsed as: http://keys.example'],
    [{ externalAddress: undefined }, 'either the JWKS URI or the default external address, or both, must be set'],
    [{ publicKeys: [] }, 'no keys provided for validating keyset'],
  ];
  for (const [override, message] of table) {
    const o = { issuerURL: ISSUER, externalAddress: () => 'a:1', publicKeys: keys, ...override };
    t.throws(() => new OpenIDMetadataProvider(o), { message }, message);
  }
  t.doesNotThrow(() => new OpenIDMetadataProvider({ issuerURL: 'HTTPS://a.example/path?#', externalAddress: () => 'a:1', publicKeys: keys }), 'scheme case, empty query and fragment');
});

/** GET `path` from `container` served on a free port. */
async function serve(container: Container, path: string, accept?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const server = createServer(container.handler());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: accept === undefined ? {} : { accept } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

t.test('the routes: one WebService per path, each producing its own media type', async (t) => {
  const provider = new OpenIDMetadataProvider({ issuerURL: ISSUER, externalAddress: () => 'k:6443', publicKeys: [ec.publicKey] });
  const container = new Container();
  installOpenIDMetadata(container, provider);
  t.same(container.registeredWebServices().map((ws) => ws.rootPath()), ['/.well-known/openid-configuration', '/openid/v1/jwks']);
  const config = await serve(container, '/.well-known/openid-configuration');
  t.match(config, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' }, body: provider.metadata.configJSON });
  const jwks = await serve(container, '/openid/v1/jwks', 'application/jwk-set+json');
  t.match(jwks, { status: 200, headers: { 'content-type': 'application/jwk-set+json', 'cache-control': 'public, max-age=3600' }, body: provider.metadata.keysetJSON });
  t.equal((await serve(container, '/openid/v1/jwks', 'application/json')).status, 406, 'no JSON representation of the key set');
  t.equal((await serve(container, '/.well-known/openid-configuration', 'application/jwk-set+json')).status, 406);
});
