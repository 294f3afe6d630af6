/** `typebox/system`, from the copy of typebox our packages share (see `@apiserver/runtime/typebox`). */
export * from 'typebox/system';
export { default } from 'typebox/system';
