import type { Tx } from '../client.ts';
import { type Audience, appendLiveEvents } from '../infra/live-events.ts';
import { type RecordEventKind, recordEvents } from '../scheduling/record-events.ts';
import type { OperationsKind } from './documents.ts';

/*
 * Live events of the operations documents and uploads (topic `records`), appended in the write's
 * own transaction so that an event exists exactly when its change does. The audience is who may
 * read the kind (every member for templates and stock, the socket layer then keeps to the roles
 * its read routes allow; dispatchers for filled forms and uploads, whose lists are theirs).
 */

type Rec = Record<string, unknown>;

type DocumentEventKind = Extract<
  RecordEventKind,
  'forms' | 'form_submissions' | 'equipments' | 'pods' | 'uploads'
>;

/** The `records` kind of each document kind. */
export const DOCUMENT_EVENT_KIND: Record<OperationsKind, DocumentEventKind> = {
  form: 'forms',
  form_submission: 'form_submissions',
  equipment: 'equipments',
  pod: 'pods',
};

const MEMBERS: Audience = { members: true };
const DISPATCHERS: Audience = { dispatchers: true };

const AUDIENCE: Record<DocumentEventKind, Audience> = {
  forms: MEMBERS,
  equipments: MEMBERS,
  pods: MEMBERS,
  form_submissions: DISPATCHERS,
  uploads: DISPATCHERS,
};

/**
 * Appends the events of one write of a document or upload: created (no `before`), changed, or
 * removed (no `after`). Call it last in the transaction (it takes the outbox's ordering lock).
 */
export function appendDocumentEvents(
  tx: Tx,
  orgId: string,
  kind: DocumentEventKind,
  id: string,
  before: Rec | undefined,
  after: Rec | undefined,
): Promise<void> {
  const audience = AUDIENCE[kind];
  const side = (record: Rec | undefined) => (record ? { record, audience } : undefined);
  return appendLiveEvents(tx, orgId, recordEvents(kind, id, side(before), side(after)));
}
