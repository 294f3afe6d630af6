import t from 'tap';
import { customVerbOf, hasCustomVerb, removeCustomVerb } from '../../src/path/custom-verb.js';
import { compileGoRegExp } from '../../src/path/go-regexp.js';
import { compilePathExpression } from '../../src/path/path-expression.js';
import { compileRouteTemplate } from '../../src/path/route-template.js';
import { RouteTemplateError } from '../../src/path/route-template-error.js';
import { memoizeTemplate, TEMPLATE_MEMO_LIMIT } from '../../src/path/template-memo.js';
import { concatPath, tokenizePath } from '../../src/path/tokenize.js';
import { isTrimRightSlashEnabled, setTrimRightSlashEnabled } from '../../src/path/trim-right-slash.js';

t.test('tokenizePath (§3.1)', async (t) => {
  const rows: [string, boolean, string[]][] = [
    ['/', true, []],
    ['/a/b', true, ['a', 'b']],
    ['/a/b/', true, ['a', 'b']],
    ['//a//b//', true, ['a', '', 'b']],
    ['a/b', true, ['a', 'b']],
    ['', true, ['']],
    ['//', true, ['']],
    ['/a/', false, ['a', '']],
    ['/a', false, ['a']],
    ['/', false, []],
  ];
  for (const [path, trim, tokens] of rows) t.same(tokenizePath(path, trim), tokens, `${JSON.stringify(path)} trim=${trim}`);
  t.equal(isTrimRightSlashEnabled(), true, 'TrimRightSlashEnabled defaults to true');
});

t.test('concatPath (§3.1)', async (t) => {
  const rows: [string, string, boolean, string][] = [
    ['/users', '', true, '/users/'],
    ['/test', '/', true, '/test/'],
    ['/', '/x', true, '/x'],
    ['', '/x', true, '/x'],
    ['/a/', '//b', true, '/a/b'],
    ['/test', '/', false, '/test'],
    ['/a', 'b/../c', false, '/a/c'],
    ['/a', '', false, '/a'],
    ['', '', false, ''],
    ['/', '/', false, '/'],
  ];
  for (const [root, sub, trim, path] of rows) t.equal(concatPath(root, sub, trim), path, `${root} + ${sub} trim=${trim}`);
  setTrimRightSlashEnabled(false);
  t.equal(concatPath('/x', '/'), '/x', 'the flag is read by default');
  setTrimRightSlashEnabled(true);
});

t.test('custom verbs (custom_verb_test.go)', async (t) => {
  const has: [string, boolean][] = [
    ['/{userId}:init', true],
    ['/{userId:init}', false],
    ['/users/{id}:init', true],
    ['/users/{id:init}:init', true],
    ['/resources:run', true],
    ['/users/{id}', false],
    ['/users/{id}:in1t', false],
  ];
  for (const [path, expected] of has) t.equal(hasCustomVerb(path), expected, `hasCustomVerb ${path}`);
  const removed: [string, string][] = [
    ['/{userId}:init', '/{userId}'],
    ['/{userId:init}', '/{userId:init}'],
    ['/users/{id}:init', '/users/{id}'],
    ['a:b:activate', 'a:b'],
  ];
  for (const [path, expected] of removed) t.equal(removeCustomVerb(path), expected, `removeCustomVerb ${path}`);
  t.equal(customVerbOf('{id}:activate'), 'activate');
  t.equal(customVerbOf('{id}'), undefined);
});

t.test('compileRouteTemplate classifies tokens once', async (t) => {
  const template = compileRouteTemplate('/v1/{ns}/items/{id:[0-9]+}/files/{p:*}');
  t.same(template.tokens.map((token) => token.kind), ['static', 'param', 'static', 'regex', 'static', 'tail']);
  t.same(template.paramNames, ['ns', 'id', 'p']);
  t.equal(template.acceptsLongerPaths, true);
  t.equal(template.hasCustomVerb, false);
  const verb = compileRouteTemplate('/users/{id}:activate');
  t.equal(verb.hasCustomVerb, true);
  t.match(verb.tokens[1], { kind: 'param', verb: 'activate', text: '{id}', name: 'id', raw: '{id}:activate' });
  t.equal(compileRouteTemplate('/x/{f:.*}').acceptsLongerPaths, true, '{f:.*} ends in *}');
  t.equal(compileRouteTemplate('/').tokens.length, 0);
  t.equal(compileRouteTemplate('/{h:(?i)hello}').tokens[0]?.regex?.test('xHELLO'), true, '(?i) becomes the i flag');
  t.throws(() => compileRouteTemplate('/a/{id:[0-9}'), RouteTemplateError, 'a bad regex is rejected at build time');
  t.throws(() => compileRouteTemplate('/a/{id:'), RouteTemplateError, 'a token ending in its colon would panic in Go: rejected');
  t.equal(compileRouteTemplate('/a/{id:}').tokens[1]?.regex?.test('anything'), true, 'an empty pattern matches anything, as in Go');
  t.throws(() => compileRouteTemplate('/a/{id:(?U)x}'), RouteTemplateError, 'unsupported RE2 flags are rejected');
  const error = t.throws(() => compileRouteTemplate('/a/{id:(}'));
  t.match(error, { template: '/a/{id:(}', name: 'RouteTemplateError' });
});

t.test('compileGoRegExp', async (t) => {
  t.equal(compileGoRegExp('(?is)a.b').flags, 'is');
  t.equal(compileGoRegExp('x((?i)y)').test('XY'), true, 'inline flags are hoisted (documented approximation)');
  t.equal(compileGoRegExp('(?m)^a$').test('b\na'), true);
});

t.test('compilePathExpression (path_expression_test.go TestTemplateToRegularExpression)', async (t) => {
  const rows: [string, string, string[], number, number][] = [
    ['', '^(/.*)?$', [], 0, 0],
    ['/a/{b}/c/', '^/a/([^/]+?)/c(/.*)?$', ['b'], 2, 1],
    ['/{a}/{b}/{c-d-e}/', '^/([^/]+?)/([^/]+?)/([^/]+?)(/.*)?$', ['a', 'b', 'c-d-e'], 0, 3],
    ['/{p}/abcde', '^/([^/]+?)/abcde(/.*)?$', ['p'], 5, 1],
    ['/a/{b:*}', '^/a/(.*)(/.*)?$', ['b'], 1, 1],
    ['/a/{a:[A-Z][A-Z]}', '^/a/([A-Z][A-Z])(/.*)?$', ['a'], 1, 1],
  ];
  for (const [template, source, names, literalCount, varCount] of rows) {
    const expression = compilePathExpression(template);
    t.same(
      [expression.regex.source.replaceAll('\\/', '/'), [...expression.varNames], expression.literalCount, expression.varCount],
      [source, names, literalCount, varCount],
      `template ${JSON.stringify(template)}`,
    );
  }
  t.same(compilePathExpression('/{ a }/{b: [0-9]+ }').varNames, ['a', 'b'], 'names and patterns are space-trimmed');
  t.equal(compilePathExpression('/a.b').regex.test('/aXb'), false, 'literals are quoted');
  t.throws(() => compilePathExpression('/{x:(}'), RouteTemplateError);
});

t.test('compiled templates are memoized', async (t) => {
  t.equal(compilePathExpression('/m/{name}'), compilePathExpression('/m/{name}'), 'one path expression per template');
  t.equal(compileRouteTemplate('/m/{name}'), compileRouteTemplate('/m/{name}'), 'one route template per path');
  t.not(compilePathExpression('/m/{name}'), compilePathExpression('/m/{other}'), 'distinct templates, distinct values');
  const expression = compilePathExpression('/m/{name}');
  t.ok(Object.isFrozen(expression) && !expression.regex.global && !expression.regex.sticky, 'shared values are frozen and stateless');
  t.same(expression.regex.exec('/m/x')?.[1], 'x');
  t.same(expression.regex.exec('/m/y')?.[1], 'y', 'a second match starts afresh');
  t.throws(() => compilePathExpression('/{x:(}'), RouteTemplateError);
  t.throws(() => compilePathExpression('/{x:(}'), RouteTemplateError, 'errors are not memoized');
  let compiled = 0;
  const memo = memoizeTemplate((template) => ({ template, n: ++compiled }));
  memo('a');
  memo('a');
  t.equal(compiled, 1, 'a template compiles once');
  for (let i = 0; i < TEMPLATE_MEMO_LIMIT; i++) memo(`t${i}`);
  t.equal(compiled, 1 + TEMPLATE_MEMO_LIMIT);
  memo('a');
  t.equal(compiled, 2 + TEMPLATE_MEMO_LIMIT, 'a full memo starts over');
});
