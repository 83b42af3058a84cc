import { renameSync, writeFileSync } from 'node:fs';
import { openDatabase } from './client';

/**
 * A new PGlite data folder starts from a template: the files of an empty database that initdb laid out and the
 * migrations filled, written once by the build beside the bundled server (`writeTemplate`). Laying those files
 * out takes ~2 s; initdb and the migrations took ~8 s on every first start (docs/decisions.md).
 */
export const TEMPLATE_FILE = 'pgdata-template.tar';

/** Writes the migrated empty database's files as a tar (atomically: a half-written template is never read). */
export async function writeTemplate(file: string): Promise<void> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    writeFileSync(`${file}.tmp`, new Uint8Array(await dump.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
  } finally {
    await database.close();
  }
}
