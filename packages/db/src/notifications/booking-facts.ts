import type { BookingFacts } from '@rostra/core/notifications/rules';
import type { StoredRecord } from '../scheduling/mapping.ts';
import { isTemplateItem } from '../scheduling/template-items.ts';

/* What the notification rules read of a stored booking (the outbox and the roster drafts). */

/** What the rules need of a stored booking. */
export function bookingFacts(record: StoredRecord): BookingFacts {
  const r = record as StoredRecord & Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    resIds: record.resIds,
    status: record.status,
    begin: record.utc_begin_plus_tz,
    end: record.utc_end_plus_tz,
    address: [r.addressline1, r.addressline2, r.addressline3].map(text).filter(Boolean).join(', '),
    notes: text(r.notes),
    notesImportant: r.notes_important === true,
    boardable: (record._key ?? 'booking') === 'booking' && !r.inactive && !isTemplateItem(record),
  };
}

/** Only bookings and group events reach workers; a master-roster template item is no one's job. */
export function tellsWorkers(record: StoredRecord | undefined): record is StoredRecord {
  if (!record || isTemplateItem(record)) return false;
  const key = record._key ?? 'booking';
  return (key === 'booking' || key === 'groupevent') && record.status !== 'leave';
}
