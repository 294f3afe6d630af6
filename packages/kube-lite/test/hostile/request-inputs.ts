/**
 * Generated hostile request targets (fast-check, seeded): invalid and path-traversing names in the body and in the
 * path, invalid label and field selectors, forged continue tokens, and query values upstream rejects.
 */
import fc from 'fast-check';
import { ABSENT, FIXTURE_NAMESPACE, type HostileInput, MERGE_PATCH } from './hostile-input.js';
import { itemPath, nameOf, TEMPLATES } from './templates.js';

const badNames: readonly string[] = ['UPPER', '..', '.', 'a/b', '%2F', 'a%2Fb', 'x'.repeat(300), '-lead', 'trail-', 'sp ace', 'ünï', 'a\u0000b', '../../secrets', '..%2F..%2Fx'];

/** Invalid names as `metadata.name` of a create, and as the `{name}` of GET, PUT, DELETE and PATCH. */
export function invalidNames(seed: number, runs: number): HostileInput[] {
  const generated = fc.oneof(
    fc.constantFrom(...badNames),
    fc.string({ minLength: 1, maxLength: 40 }).map((s) => `${s}/..`),
    fc.string({ minLength: 254, maxLength: 400 }).map((s) => s.toLowerCase()),
    fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,20}$/),
  );
  const arb = fc.tuple(generated, fc.constantFrom(...TEMPLATES), fc.constantFrom('body', 'GET', 'PUT', 'DELETE', 'PATCH')).map(([name, template, where]): HostileInput => {
    const object = { ...template.object, metadata: { name, resourceVersion: '1' } };
    if (where === 'body') return { category: 'invalid name', probe: { method: 'POST', path: template.collection(ABSENT), body: JSON.stringify(object) } };
    const path = itemPath(template, FIXTURE_NAMESPACE, name);
    if (where === 'PUT') return { category: 'invalid name', probe: { method: where, path, body: JSON.stringify(object) } };
    if (where === 'PATCH') return { category: 'invalid name', probe: { method: where, path, body: '{"metadata":{"labels":{"x":"y"}}}', headers: { 'content-type': MERGE_PATCH } } };
    // `<collection>/%2F` decodes to `<collection>//`, which upstream's router serves as the collection: a GET lists.
    return { category: 'invalid name', probe: { method: where, path }, ...(where === 'GET' && { alsoAllowed: [200] }) };
  });
  return fc.sample(arb, { seed: seed + 2, numRuns: runs });
}

const selectorChars = fc.constantFrom(...'=!(),a.b/-_~ in notin x 1 %!='.split(''));

/** Invalid label and field selectors, and random selector text. */
export function selectors(seed: number, runs: number): HostileInput[] {
  const invalid = fc.constantFrom('a==b=c', 'a in (', 'notin', '!', '=x', 'a,', '(a)', 'a in (b,,c)', 'a=b c', 'x'.repeat(70), 'A/b/c=d', 'a!', 'a=(', 'a=b,!', 'metadata.name=x,spec.bogus=y');
  const random = fc.array(selectorChars, { minLength: 1, maxLength: 30 }).map((cs) => cs.join(''));
  const arb = fc.tuple(fc.oneof(invalid, random), fc.constantFrom('labelSelector', 'fieldSelector'), fc.constantFrom(...TEMPLATES)).map(
    ([sel, param, template]): HostileInput => ({
      category: 'invalid selector',
      probe: { method: 'GET', path: `${template.collection(FIXTURE_NAMESPACE)}?${param}=${encodeURIComponent(sel)}` },
      // Random text is sometimes a valid selector: then the (filtered) list is the right answer.
      alsoAllowed: [200],
    }),
  );
  return fc.sample(arb, { seed: seed + 3, numRuns: runs });
}

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/**
 * Continue tokens with path traversal in the key, forged versions, and random bytes (an empty token means none,
 * and a negative revision means "latest" upstream, so neither is here).
 */
export function continueTokens(seed: number, runs: number): HostileInput[] {
  const token = fc.oneof(
    fc.constantFrom(
      '../',
      '..%2F..%2F',
      '%2e%2e/',
      '/registry/secrets/',
      b64('../../secrets'),
      b64('{"v":"meta.k8s.io/v1","rv":1,"start":"../../secrets/"}'),
      b64('{"v":"x","rv":1,"start":"a"}'),
      b64('null'),
      b64('[]'),
    ),
    fc.string({ maxLength: 40 }).map((start) => b64(JSON.stringify({ v: 'meta.k8s.io/v1', rv: 1, start: `../${start}` }))),
    fc.uint8Array({ minLength: 1, maxLength: 60 }).map((b) => Buffer.from(b).toString('base64')),
  );
  const arb = fc.tuple(token, fc.constantFrom(...TEMPLATES)).map(
    ([tok, template]): HostileInput => ({
      category: 'continue token',
      probe: { method: 'GET', path: `${template.collection(FIXTURE_NAMESPACE)}?limit=1&continue=${encodeURIComponent(tok)}` },
    }),
  );
  return fc.sample(arb, { seed: seed + 4, numRuns: runs });
}

/** Query values upstream rejects, with the verb they are sent with. */
const BAD_QUERIES: readonly [method: string, query: string][] = [
  ['GET', 'timeoutSeconds=x'],
  ['GET', 'resourceVersion=abc'],
  ['GET', 'resourceVersion=-1'],
  ['GET', 'limit=x'],
  ['GET', 'limit=99999999999999999999999'],
  ['GET', 'resourceVersionMatch=Bogus&resourceVersion=1'],
  ['GET', 'resourceVersionMatch=Exact'],
  ['GET', 'sendInitialEvents=true'],
  ['DELETE', 'propagationPolicy=Nope'],
  ['DELETE', 'gracePeriodSeconds=x'],
  ['DELETE', 'gracePeriodSeconds=-5'],
  ['DELETE', 'dryRun=Some'],
  ['DELETE', 'orphanDependents=true&propagationPolicy=Orphan'],
  ['POST', 'dryRun=Some'],
  ['POST', 'fieldValidation=x'],
  ['POST', `fieldManager=${'m'.repeat(200)}`],
  ['PATCH', 'force=true'],
  ['PATCH', 'dryRun=Nope'],
];

/** Each bad query value on a list, a create (in {@link ABSENT}), a delete or a patch. */
export function badQueries(seed: number, runs: number): HostileInput[] {
  const arb = fc.tuple(fc.constantFrom(...BAD_QUERIES), fc.constantFrom(...TEMPLATES)).map(([[method, query], template]): HostileInput => {
    const item = itemPath(template, FIXTURE_NAMESPACE, nameOf(template));
    if (method === 'GET') return { category: 'bad query value', probe: { method, path: `${template.collection(FIXTURE_NAMESPACE)}?${query}` } };
    if (method === 'POST') return { category: 'bad query value', probe: { method, path: `${template.collection(ABSENT)}?${query}`, body: JSON.stringify(template.object) } };
    if (method === 'PATCH') return { category: 'bad query value', probe: { method, path: `${item}?${query}`, body: '{"metadata":{"labels":{"x":"y"}}}', headers: { 'content-type': MERGE_PATCH } } };
    return { category: 'bad query value', probe: { method, path: `${item}?${query}` } };
  });
  return fc.sample(arb, { seed: seed + 5, numRuns: runs });
}
