#!/usr/bin/env node
/** The `lotus-sim` bin: the kit's CLI (src/cli.ts) as a process. */
import { runAsProcess } from './cli.js';

runAsProcess(process.argv.slice(2));
