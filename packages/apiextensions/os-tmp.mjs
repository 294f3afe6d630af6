import { rewriteOptionalSyntax } from './dist/cel/optional-syntax.js';
for (const s of ["object.metadata.?labels.orValue({})", "self.?spec.?x[?'k'].orValue(1)", "a[?0]", "[?a] == b", "'x.?y' + \"a[?b]\"", "a ? b : c", "x.? y", "m[?'a'][0]", "f(a)[?1]", "1.5 > 2.0 ? a.?b : c // x.?y"]) {
  const r = rewriteOptionalSyntax(s); console.log(JSON.stringify(s), '=>', JSON.stringify(r.source));
}
