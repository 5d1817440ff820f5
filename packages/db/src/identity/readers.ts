import { arrayContains, type Column, type SQL } from 'drizzle-orm';

/** Who is reading: dispatchers read every record of their organisation, others by readers list. */
export type Reader = { uid: string; seesAll: boolean };

/**
 * The `_uid_r` rule (shell spec §6) as a query condition: undefined (no restriction) for a reader
 * who sees all, otherwise "the record's readers list contains the reader's uid". A record with an
 * empty list is therefore visible to dispatchers only.
 */
export function readableBy(readers: Column, reader: Reader): SQL | undefined {
  return reader.seesAll ? undefined : arrayContains(readers, [reader.uid]);
}
