/**
 * typebox, as this package uses it: `@apiserver/runtime/typebox` is `typebox` (and `/compile`, `/value`,
 * `/system` its subpaths). The bundle runtime ships holds typebox's modules, and our other packages' bundles import
 * typebox from here, so every package shares one copy of it (its settings included) in a few files, where
 * `typebox` itself is ~680 modules to load. Schemas of another copy of typebox work with this one alike.
 * @packageDocumentation
 */
export * from 'typebox';
export { default } from 'typebox';
