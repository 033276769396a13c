/**
 * Tables a world file has besides the world schema's (docs/decisions/030-world-files.md): the
 * request journal and what names an exported file. Every world database has them, so an export and
 * a state directory's file are one format; a state directory keeps them empty (the journal lives in
 * memory, server/sim/journal.ts), and an export fills them. They are not world state: snapshots,
 * resets and sweeps never see them.
 */
import { Type } from '@sinclair/typebox';
import { JournalEntrySchema } from '../../control/contract';
import type { TableDef } from './schema';

/** The journal's entries, oldest first, each as the control API lists it (GET /__sim/journal). */
export const JOURNAL_TABLE: TableDef = {
  kind: 'table',
  name: 'journal',
  key: 'id (the entry id, as text)',
  doc: "The world's request journal, oldest entry first, each entry as GET /__sim/journal lists it; filled in an exported file only (a state directory's journal is kept in memory).",
  owner: 'journal',
  row: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    entry: JournalEntrySchema,
  }),
};

/** Which world an exported file holds, when it was written, and where the journal's ids go on. */
export const WORLD_FILE_TABLE: TableDef = {
  kind: 'record',
  name: 'world_file',
  key: "'' (one row)",
  doc: 'The name of the world an exported file holds, when it was exported, and the id the journal gives its next entry; empty in a state directory (the file name names the world).',
  owner: 'export',
  row: Type.Object({
    world: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the world exported (an import takes this name unless given another)' }),
    exportedAt: Type.Number({ description: 'milliseconds since 1970, wall time' }),
    journalNextId: Type.Integer({ minimum: 1, description: 'the id of the next journal entry (ids keep counting past a cleared journal)' }),
  }),
};

/** The file-only tables, after the world schema's in every world database. */
export const FILE_TABLES: readonly TableDef[] = [JOURNAL_TABLE, WORLD_FILE_TABLE];
