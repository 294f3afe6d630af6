/** `typebox/value`, from the copy of typebox our packages share (see `@apiserver/runtime/typebox`). */
export * from 'typebox/value';
export { default } from 'typebox/value';
