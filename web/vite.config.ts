/**
 * Vite build of the portal web app (design.md "Web app"). Root is `web/`; the build goes to
 * `web/dist`, which `scripts/start.ts` serves next to the simulator.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = process.env.SIM_URL ?? 'http://localhost:8080';

// Everything the backend owns; in dev these go to the simulator on 8080 (scripts/dev.ts).
const proxied = ['/wps', '/lgw', '/lotto', '/assets', '/__sim', '/__demo'];

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `/assets/` is the server's image route, so the bundle lives under `/static/`.
    assetsDir: 'static',
    sourcemap: false,
    // web/dist/.vite/manifest.json: which chunks each entry and section imports, read by the
    // per-route initial JavaScript benchmark (scripts/bench/route-js.ts).
    manifest: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // Lazy sections (app/sections/<name>.ts) keep the spec's section names: section-egame-….js.
        chunkFileNames: (chunk) => {
          const facade = chunk.facadeModuleId ?? '';
          const section = /[\\/]app[\\/]sections[\\/]([A-Za-z]+)\.tsx?$/.exec(facade);
          return section ? `static/section-${section[1]}-[hash].js` : 'static/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The API client imports ../../openapi/wire-crypto, outside the Vite root.
    fs: { allow: [repoRoot] },
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  preview: {
    port: 4174,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
