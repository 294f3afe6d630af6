/**
 * The environment admission expressions run in (upstream's admission `createEnvForOpts` over the base environment):
 * the CRD rule environment's functions plus the authz and authzSelectors libraries, every function metered, and the bindings of
 * `authorizer` and `authorizer.requestResource` for one request.
 * @module
 */
import type { UserInfo } from '@apiserver/server';
import { type CelEnv, type CelInput, celEnv, type parse, plan } from '@bufbuild/cel';
import type { AuthorizationChecks } from './authorization-checks.js';
import type { CelProgram } from './compilation.js';
import { authorizerValue, authzLibrary, authzSelectorsLibrary, type ResourceCheckFields, resourceCheckValue } from './library/authz.js';
import { celLibraries, opaqueTypeRegistry } from './library/index.js';
import { meteredFuncs, meterExpr } from './runtime-cost.js';

let admissionEnvironment: CelEnv | undefined;

/**
 * The environment: standard CEL, the libraries, and the authz and authzSelectors libraries (the base environment has
 * authzSelectors from 1.31 while `AuthorizeWithSelectors` is on, as by default in 1.32), metered. Built on first use
 * (start-up does not pay for it), then the same environment every time.
 */
export function admissionEnv(): CelEnv {
  admissionEnvironment ??= celEnv({
    funcs: meteredFuncs([...celEnv().funcs, ...celLibraries, ...authzLibrary, ...authzSelectorsLibrary]),
    registry: opaqueTypeRegistry,
  });
  return admissionEnvironment;
}

const REQUEST_RESOURCE = 'authorizer.requestResource';
const QUALIFIED_VARIABLES: ReadonlySet<string> = new Set([REQUEST_RESOURCE]);
const isFunction = (name: string): boolean => admissionEnv().funcs.find(name) !== undefined;

/** Plans a parsed expression in {@link admissionEnv} with its cost metered. */
export function planAdmissionExpression(parsed: ReturnType<typeof parse>): CelProgram {
  return plan(admissionEnv(), parsed.expr === undefined ? parsed : meterExpr(parsed.expr, isFunction, QUALIFIED_VARIABLES)) as CelProgram;
}

/**
 * The bindings of `authorizer` (checks as `user`) and `authorizer.requestResource` (a resource check of the
 * request's resource, subresource, namespace and name, upstream `NewResourceAuthorizerVal`).
 */
export function authorizerBindings(checks: AuthorizationChecks, user: UserInfo | undefined, requestResource: ResourceCheckFields): Record<string, CelInput> {
  return {
    authorizer: authorizerValue(checks, user) as CelInput,
    [REQUEST_RESOURCE]: resourceCheckValue(checks, user, requestResource) as CelInput,
  };
}
