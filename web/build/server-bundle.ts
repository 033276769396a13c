/**
 * After the browser build, the same sources are built once more for Node: the pre-render step
 * (web/src/prerender/) into `web/dist-ssr/`, outside the folder the server publishes. See
 * docs/decisions/026-first-screen-in-the-html.md.
 */
import { build, type Plugin } from 'vite';

export const SERVER_BUNDLE_DIR = 'dist-ssr';

export function serverBundle(configFile: string): Plugin {
  let isServerBuild = false;
  return {
    name: 'portal-server-bundle',
    apply: 'build',
    configResolved(config) {
      isServerBuild = !!config.build.ssr;
    },
    async closeBundle() {
      if (isServerBuild) return;
      await build({ configFile, mode: 'production', logLevel: 'warn', build: { ssr: true } });
    },
  };
}
