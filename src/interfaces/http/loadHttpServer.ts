import type * as HttpServerModule from './createHttpServer.js';

declare const require: ((id: string) => unknown) | undefined;

/**
 * The HTTP server module, loaded only when a server starts: fastify and the routes are a bundle
 * of their own (dist/http.cjs, scripts/build.mjs) that no other command parses. In the bundles
 * (CommonJS, and the shim entry's vm.Script, which has no dynamic import()) it is required from
 * beside the bundle; from source (tests, tsx) it is imported.
 */
export async function loadHttpServer(): Promise<typeof HttpServerModule> {
  // A name esbuild does not follow: dist/http.cjs is built on its own (any bundle that reaches
  // this file, the benchmark's included, must not try to inline it).
  const bundle = ['.', 'http.cjs'].join('/');
  if (typeof require === 'function') return require(bundle) as typeof HttpServerModule;
  return import('./createHttpServer.js');
}
