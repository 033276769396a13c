/** docs/world-tables.md is generated from the world schema: it fails here when it is stale. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORLD_TABLES_PATH, worldTablesDoc } from '../scripts/gen-world-tables';

describe('the world table reference', () => {
  it('is the one npm run gen writes from the schema', () => {
    expect(readFileSync(WORLD_TABLES_PATH, 'utf8'), 'docs/world-tables.md is stale: run npm run gen').toBe(worldTablesDoc());
  });
});
