/**
 * The lite app's manifest for a brand's runtime config (docs/deploy.md): a static host
 * that serves several brands from one build gives each brand's host its own manifest, as it gives
 * each its own config.json.
 *
 *   npx tsx scripts/web-manifest.ts brands/brand-a/config.json > brands/brand-a/manifest.webmanifest
 */
import { readFileSync } from 'node:fs';
import { webManifest, type ManifestBrandConfig } from '../openapi/web-manifest';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/web-manifest.ts CONFIG_JSON');
  process.exit(2);
}
const config = JSON.parse(readFileSync(file, 'utf8')) as ManifestBrandConfig;
process.stdout.write(`${JSON.stringify(webManifest(config), null, 2)}\n`);
