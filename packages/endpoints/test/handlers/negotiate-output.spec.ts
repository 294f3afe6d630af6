import type { IncomingMessage, ServerResponse } from 'node:http';
import { CodecFactory, NotAcceptableError } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { handlerRequest, type RequestScope } from '../../src/handlers/request-scope.js';
import { negotiateOutput } from '../../src/handlers/responsewriters.js';

const codecs = new CodecFactory(newBuiltinScheme());
/** The two fields negotiateOutput reads from a scope. */
const scope = { serializers: codecs.supportedMediaTypes, tableConvertor: undefined } as unknown as RequestScope;
const requestWith = (accept: string | undefined) =>
  handlerRequest({ url: '/', headers: accept === undefined ? {} : { accept } } as IncomingMessage, {} as ServerResponse, {});

t.test('negotiation outcomes are remembered per scope and Accept header', async (t) => {
  const first = negotiateOutput(scope, requestWith('application/json'));
  t.equal(first.info.mediaType, 'application/json');
  t.equal(negotiateOutput(scope, requestWith('application/json')), first, 'remembered');
  const other = { ...scope } as RequestScope;
  t.not(negotiateOutput(other, requestWith('application/json')), first, 'per scope');
  t.equal(negotiateOutput(scope, requestWith(undefined)).info.mediaType, 'application/json', 'no Accept: the first serializer');
  t.throws(() => negotiateOutput(scope, requestWith('text/html')), NotAcceptableError);
  t.throws(() => negotiateOutput(scope, requestWith('text/html')), NotAcceptableError, 'failures are not remembered');
  for (let i = 0; i < 64; i++) negotiateOutput(scope, requestWith(`application/json;q=0.${i + 1}`));
  const again = negotiateOutput(scope, requestWith('application/json'));
  t.not(again, first, 'the memory is cleared once it holds 64 headers');
  t.same(again, first);
});
