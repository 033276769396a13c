/**
 * Which lazy section (a chunk of its own, `app/sections/<name>.ts`) each path of the portal's route
 * table shows, read from the one route table (route-table.ts); unknown paths show notFound. The
 * bundle benchmark (scripts/bench/route-js.ts) reads it.
 */
import { ROUTES, SECTION_NAMES, type SectionName } from './route-table';

export { SECTION_NAMES, type SectionName };

/** Path to section (unknown paths: notFound). */
export const SECTION_OF_PATH: Readonly<Record<string, SectionName>> = Object.fromEntries(ROUTES.map((r) => [r.path, r.handle.section]));
