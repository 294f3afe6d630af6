/** `typebox/compile`, from the copy of typebox our packages share (see `@apiserver/runtime/typebox`). */
export * from 'typebox/compile';
export { default } from 'typebox/compile';
