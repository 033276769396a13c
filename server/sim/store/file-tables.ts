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

/** One row a change set changed: its table and key, and the row before (absent: there was none). */
const ChangeSchema = Type.Object(
  {
    table: Type.String({ minLength: 1 }),
    key: Type.String(),
    before: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

/**
 * The journal's entries, oldest first, each as the control API lists it (GET /__sim/journal), with
 * the before-images rewind needs (docs/decisions/036-fault-tables-and-rewind-in-world-files.md).
 */
export const JOURNAL_TABLE: TableDef = {
  kind: 'table',
  name: 'journal',
  key: 'id (the entry id, as text)',
  doc: "The world's request journal, oldest entry first, each entry as GET /__sim/journal lists it; filled in an exported file only (a state directory's journal is kept in memory).",
  owner: 'journal',
  row: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    entry: JournalEntrySchema,
    changes: Type.Optional(
      Type.Array(Type.Array(ChangeSchema), {
        description:
          'for rewind: the change sets committed from this call up to the next journaled call (control calls in between), oldest first, each a list of rows with their before-images; NULL: the entry is out of rewind\'s reach (files of earlier versions have no such column)',
      }),
    ),
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
