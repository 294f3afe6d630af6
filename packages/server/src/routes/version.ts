import { type Container, MIME_JSON, WebService } from '@apiserver/restful';

/** The `/version` document (apimachinery `version.Info`), in Go's field order. */
export interface VersionInfo {
  /** Major version, e.g. `1`. */
  readonly major: string;
  /** Minor version, e.g. `32`. */
  readonly minor: string;
  /** The git version, e.g. `v1.32.0`. */
  readonly gitVersion: string;
  /** The git commit. */
  readonly gitCommit: string;
  /** `clean` or `dirty`. */
  readonly gitTreeState: string;
  /** Build date, RFC 3339. */
  readonly buildDate: string;
  /** The Go version in Kubernetes; here the Node version. */
  readonly goVersion: string;
  /** The compiler; here `node`. */
  readonly compiler: string;
  /** `<os>/<arch>` of the running process. */
  readonly platform: string;
}

const goArch: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' };

/** The default version: `v1.32.0-apiserver-ts`, platform from the process; fields can be overridden. */
export function defaultVersionInfo(overrides: Partial<VersionInfo> = {}): VersionInfo {
  return {
    major: '1',
    minor: '32',
    gitVersion: 'v1.32.0-apiserver-ts',
    gitCommit: '',
    gitTreeState: '',
    buildDate: '1970-01-01T00:00:00Z',
    goVersion: process.version,
    compiler: 'node',
    platform: `${process.platform}/${goArch[process.arch] ?? process.arch}`,
    ...overrides,
  };
}

/** Installs the `/version` WebService (`routes.Version`): indented JSON, as `WriteRawJSON`. */
export function installVersion(container: Container, info: VersionInfo): void {
  const ws = new WebService().path('/version').produces(MIME_JSON).consumes(MIME_JSON);
  ws.route(
    ws
      .get('/')
      .to((_request, response) => {
        response.header().set('Content-Type', 'application/json');
        response.writeHeader(200);
        response.write(JSON.stringify(info, null, '  '));
      })
      .doc('get the version information for this server')
      .operation('getCode'),
  );
  container.add(ws);
}
