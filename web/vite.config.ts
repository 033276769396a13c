/**
 * Vite build of the portal web app. Root is `web/`; the build goes to
 * `web/dist`, which `scripts/start.ts` serves next to the simulator.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { webManifest, type ManifestBrandConfig } from '../openapi/web-manifest';
import { bootShell } from './build/boot-shell';
import { SERVER_BUNDLE_DIR, serverBundle } from './build/server-bundle';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const backend = process.env.SIM_URL ?? 'http://localhost:8080';

// Everything the backend owns; in dev these go to the simulator on 8080 (scripts/dev.ts).
const proxied = ['/wps', '/lgw', '/lotto', '/assets', '/__sim', '/__demo'];

// The lite app's manifest is the brand of the runtime config the build ships (public/config.json);
// gateway mode serves the manifest of the brand its own config.json names (openapi/web-manifest.ts).
const runtimeConfig = JSON.parse(readFileSync(new URL('public/config.json', import.meta.url), 'utf8')) as ManifestBrandConfig;

const configFile = fileURLToPath(import.meta.url);

// The pre-render step's Node build (build/server-bundle.ts): the app's sources with the worker that
// renders them; packages stay in node_modules.
const serverBuild = defineConfig({
  root: webRoot,
  publicDir: false,
  plugins: [react()],
  build: {
    ssr: true,
    outDir: SERVER_BUNDLE_DIR,
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: { 'node-globals': 'src/prerender/node-globals.ts', 'render-page': 'src/prerender/render-page.tsx', worker: 'src/prerender/worker.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

const browserBuild = defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    // The boot screen paints before the bundle and the stylesheet are in (build/boot-shell.ts).
    bootShell(fileURLToPath(new URL('public/favicon.svg', import.meta.url))),
    serverBundle(configFile),
    // The lite app: manifest plus a Workbox service worker that precaches the app shell
    // (index.html and the hashed bundle) and nothing else. A new build waits until the page accepts
    // the update prompt (features/lite-app) or every tab is closed, so pages never mix two builds.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: webManifest(runtimeConfig),
      workbox: {
        globPatterns: ['index.html', 'static/**/*.{js,css}', 'favicon.svg', 'icons/*.png'],
        cleanupOutdatedCaches: true,
        // No navigation route answering every page with the cached shell (the plugin's default),
        // and `/` is not the precached index.html either (Workbox's directory index).
        navigateFallback: null,
        directoryIndex: '',
        // An app route opened in the browser comes from the server while it can be reached, so a
        // returning visitor gets the first screen in the HTML (the pre-rendered page) as a first
        // visit does, not the cached boot shell; only when the network fails does it open the
        // cached shell. Nothing is cached at run time: API calls, images, config.json and anything
        // with a token always go to the network. Never given the shell: the gateway and game APIs,
        // the simulator's control and demo routes, gateway mode's own pages, images (the
        // server's), any URL carrying a token (a launch or a URL-token login), and `?world=NAME`,
        // which the server answers with the world cookie (README "Worlds"). Workbox copies the
        // function's text into the worker, so it refers to nothing outside itself.
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(wps|lgw|lotto|__sim|__demo|assets)\//.test(url.pathname) &&
              !/^\/__gateway/.test(url.pathname) &&
              !/[?&](token|access_token|sessionid|world)=/i.test(url.search),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    // Every script and stylesheet of the build also as .br (brotli at its best quality) and .gz
    // (level 9) beside it, which the server sends as they are to a browser that takes them: about a
    // seventh fewer bytes than the server's own on-the-fly brotli (quality 4), and no compressing per
    // request (docs/decisions/051-scripts-compressed-at-build.md). Files under 1 KB gain too little
    // to ship twice; config.json and the HTML are left out, since they are edited at deploy time or
    // answered by the server's page routes.
    compression({ include: /\.(js|css)$/, threshold: 1024, algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // `/assets/` is the server's image route, so the bundle lives under `/static/`.
    assetsDir: 'static',
    sourcemap: false,
    // web/dist/.vite/manifest.json: which chunks each entry and section imports, read by the
    // per-route initial JavaScript benchmark (scripts/bench/route-js.ts).
    manifest: true,
    // No modulepreload polyfill in the entry: every browser the build targets (Vite's
    // baseline-widely-available) supports <link rel="modulepreload">; one lacking it still loads the
    // chunks, only without preloading them (docs/decisions/035-initial-javascript-under-the-goals.md).
    modulePreload: { polyfill: false },
    // The entry holds every module the first render needs (about 450 KB minified, 140 KB gzip).
    chunkSizeWarningLimit: 500,
    rollupOptions: {
      output: {
        // Lazy sections (app/sections/<name>.ts) keep their section names: section-egame-….js.
        chunkFileNames: (chunk) => {
          const facade = chunk.facadeModuleId ?? '';
          const section = /[\\/]app[\\/]sections[\\/]([A-Za-z]+)\.tsx?$/.exec(facade);
          return section ? `static/section-${section[1]}-[hash].js` : 'static/[name]-[hash].js';
        },
        // Everything the entry imports statically (React, the router, the query and i18n libraries,
        // the shell) goes in the entry's one file: every page loads all of it before its first
        // render anyway, and left to itself the bundler cut it into 17 files wherever a lazy chunk
        // shares a module with the entry, which compress less well apart (6 KB more gzip) and cost
        // the phone 16 more requests (docs/decisions/057-the-entry-in-one-file.md).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
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

export default defineConfig((env) => (env.isSsrBuild ? serverBuild : browserBuild));
