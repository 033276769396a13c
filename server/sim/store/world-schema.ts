/**
 * The whole world schema: the kernel's tables and every module's slice, imported here so that
 * whatever reads or writes a world file (server/sim/persistence.ts, the table reference generator)
 * knows every table, whichever routes the process registered.
 */
import './kernel-tables';
import '../wallet';
import '../points';
import '../promotions';
import '../messages';
import '../lottery';
import '../demo-play';
import '../login-failures';
import '../agent/model';
import '../../control/snapshot';
import '../../control/fault-store';

export { worldTables } from './schema';
