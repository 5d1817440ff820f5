import { orgDocuments } from '@rostra/db/schema/documents';
import { putSettings } from '@rostra/db/settings';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { jobFor } from './testing.ts';

describe.each(testDatabaseKinds())(
  'promote/demote, cancellation requests and the mandatory form on %s',
  (kind) => {
    let t: TestApp;
    let p: Personas;

    beforeAll(async () => {
      t = await createTestApp(kind);
      p = await schedulingOrg(t, 'org-req');
    });
    afterAll(() => t?.close());

    it('a dispatcher promotes a resource to a dispatcher restricted to labels, and demotes them back', async () => {
      expect(
        (await call(t, p.resource2, 'POST', '/resources/r1/promote', { labels: ['l-nurse'] })).statusCode,
      ).toBe(403);
      const promoted = ok(
        await call(t, p.dispatcher, 'POST', '/resources/r1/promote', { labels: ['l-nurse'] }),
      );
      expect(promoted).toEqual({
        resource_id: 'r1',
        uid: p.uids.resource1,
        promoted_dispatcher: true,
        labels: ['l-nurse'],
      });
      const resource = ok(await call(t, p.dispatcher, 'GET', '/resources/r1'));
      expect(resource.promoted_dispatcher).toBe(true);
      // The person switches to their new dispatcher membership and sees their restriction.
      ok(
        await call(t, p.resource1, 'POST', '/switch_org_by_uid', {
          org_id: p.orgId,
          role: 'dispatcher',
          uid: p.uids.resource1,
        }),
      );
      const labels = ok(await call(t, p.resource1, 'GET', '/dispatcher-master-labels'));
      expect(labels).toMatchObject({
        labels: ['l-nurse'],
        res_labels: ['l-nurse'],
        strict: true,
        published: true,
      });
      // A resource that was never promoted cannot be demoted; a dispatcher demotes the promoted one.
      expect((await call(t, p.dispatcher, 'POST', '/resources/r2/demote', {})).statusCode).toBe(409);
      const demoted = ok(await call(t, p.dispatcher, 'POST', '/resources/r1/demote', {}));
      expect(demoted).toMatchObject({ promoted_dispatcher: false });
      expect((await call(t, p.resource1, 'GET', '/dispatcher-master-labels')).statusCode).toBe(403);
      ok(
        await call(t, p.resource1, 'POST', '/switch_org_by_uid', {
          org_id: p.orgId,
          role: 'resource',
          uid: p.uids.resource1,
        }),
      );
      expect(ok(await call(t, p.dispatcher, 'GET', '/resources/r1')).promoted_dispatcher).toBe(false);
      expect((await call(t, p.dispatcher, 'POST', '/resources/r3/promote', { labels: [] })).statusCode).toBe(
        409,
      );
      expect(
        (await call(t, p.dispatcher, 'POST', '/resources/nope/promote', { labels: [] })).statusCode,
      ).toBe(404);
    });

    it('cancellation requests need the flag; the job’s resource or customer asks; a dispatcher approves (cancelled) or refuses', async () => {
      const id = await jobFor(t, p);
      const off = await call(t, p.customer, 'POST', `/bookings/${id}/cancellation-request`, {
        reason: 'Away',
      });
      expect(off.statusCode).toBe(403);
      expect(off.json().error.message).toBe('Your organisation does not take cancellation requests');
      await putSettings(t.db.db, p.orgId, 'display', {
        customer_cancel_request: true,
        resource_cancel_request: true,
      });
      expect(
        (await call(t, p.dispatcher, 'POST', `/bookings/${id}/cancellation-request`, { reason: 'x' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(t, p.resource2, 'POST', `/bookings/${id}/cancellation-request`, { reason: 'x' }))
          .statusCode,
      ).toBe(404);
      const asked = ok(
        await call(t, p.customer, 'POST', `/bookings/${id}/cancellation-request`, { reason: 'Away' }),
        201,
      );
      expect(asked).toMatchObject({
        status: 'pending',
        reason: 'Away',
        by: { uid: p.uids.customer, role: 'customer' },
      });
      expect(
        (await call(t, p.resource1, 'POST', `/bookings/${id}/cancellation-request`, { reason: 'x' }))
          .statusCode,
      ).toBe(409);
      expect(
        (await call(t, p.customer, 'POST', `/bookings/${id}/cancellation-request/approve`, {})).statusCode,
      ).toBe(403);
      const approved = ok(
        await call(t, p.dispatcher, 'POST', `/bookings/${id}/cancellation-request/approve`, {}),
      );
      expect(approved).toMatchObject({ status: 'approved', decided_by: p.uids.dispatcher });
      expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`)).status).toBe('cancelled');
      expect(ok(await call(t, p.customer, 'GET', `/bookings/${id}/cancellation-request`))).toMatchObject({
        status: 'approved',
      });
      expect(
        (await call(t, p.dispatcher, 'POST', `/bookings/${id}/cancellation-request/refuse`, {})).statusCode,
      ).toBe(409);

      const other = await jobFor(t, p);
      ok(
        await call(t, p.resource1, 'POST', `/bookings/${other}/cancellation-request`, { reason: 'Sick' }),
        201,
      );
      ok(await call(t, p.dispatcher, 'POST', `/bookings/${other}/cancellation-request/refuse`, {}));
      expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${other}`)).status).toBe('confirmed');
      await putSettings(t.db.db, p.orgId, 'display', {});
    });

    it('a finished booking takes no cancellation request, as its screen offers none', async () => {
      await putSettings(t.db.db, p.orgId, 'display', { customer_cancel_request: true });
      const finished = await jobFor(t, p, { status: 'finished' });
      const late = await call(t, p.customer, 'POST', `/bookings/${finished}/cancellation-request`, {
        reason: 'Too late',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This booking can no longer be cancelled');
      ok(await call(t, p.customer, 'POST', `/bookings/${await jobFor(t, p)}/cancellation-request`, {}), 201);
      await putSettings(t.db.db, p.orgId, 'display', {});
    });

    it('with the mandatory form flag, finish and review wait until a form is filled for the job', async () => {
      const id = await jobFor(t, p);
      await putSettings(t.db.db, p.orgId, 'display', { mandatory_form_on_state_change: true });
      ok(await call(t, p.resource1, 'POST', `/bookings/${id}/actions/start`));
      const refused = await call(t, p.resource1, 'POST', `/bookings/${id}/actions/finish`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'form_required',
        message: 'Please fill in the job form before changing its status',
      });
      expect(ok(await call(t, p.dispatcher, 'GET', `/timeline-records/${id}`)).status).toBe('active');
      await withOrg(t.db.db, p.orgId, (tx) =>
        tx
          .insert(orgDocuments)
          .values({ orgId: p.orgId, id: `sub-${id}`, kind: 'form_submission', jobId: id, name: 'Checklist' }),
      );
      ok(await call(t, p.resource1, 'POST', `/bookings/${id}/actions/finish`));
      ok(await call(t, p.dispatcher, 'POST', `/bookings/${id}/actions/review`));
      await putSettings(t.db.db, p.orgId, 'display', {});
      const free = await jobFor(t, p);
      ok(await call(t, p.dispatcher, 'POST', `/bookings/${free}/actions/finish`));
    });
  },
);
