import { putSettings } from '@rostra/db/settings';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, ok, type Personas, schedulingOrg } from './testing.ts';

/*
 * Phone required unless `customer_phone_optional` (issue 17 point 6): the rule is core's
 * `customerPhoneIssue`, enforced by the server on every customer create and every change that
 * gives a phone, whatever client writes.
 */
describe.each(testDatabaseKinds())('a customer’s phone on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  const refusal = { code: 'phone_required', message: 'Enter a phone number.', details: { field: 'phone' } };

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-phone');
  });
  afterAll(() => t?.close());

  const create = (body: Record<string, unknown>) => call(t, p.dispatcher, 'POST', '/customers', body);
  const phoneOptional = (on: boolean) =>
    putSettings(t.db.db, p.orgId, 'display', {
      allow_booking_without_customer: true,
      customer_phone_optional: on,
    });

  it('with the flag off, a customer without a phone is refused with the message, and nothing is written', async () => {
    await phoneOptional(false);
    for (const phone of [undefined, null, '', '   ']) {
      const res = await create({
        _id: 'c-nophone',
        name: 'No Phone',
        ...(phone === undefined ? {} : { phone }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject(refusal);
    }
    expect((await call(t, p.dispatcher, 'GET', '/customers/c-nophone')).statusCode).toBe(404);
    ok(await create({ _id: 'c-phone', name: 'Has Phone', phone: '02 9555 0100' }), 201);
  });

  it('with the flag off, a change clearing the phone is refused; one not about the phone is not', async () => {
    await phoneOptional(false);
    const cleared = await call(t, p.dispatcher, 'PATCH', '/customers/c-phone', { phone: ' ', version: 1 });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error).toMatchObject(refusal);
    ok(await call(t, p.dispatcher, 'PATCH', '/customers/c-phone', { suburb: 'Glebe', version: 1 }));
    expect(ok(await call(t, p.dispatcher, 'GET', '/customers/c-phone'))).toMatchObject({
      phone: '02 9555 0100',
      suburb: 'Glebe',
      version: 2,
    });
  });

  it('with customer_phone_optional on, a customer without a phone is taken, and a phone may be cleared', async () => {
    await phoneOptional(true);
    expect(ok(await create({ _id: 'c-optional', name: 'No Phone' }), 201)).toMatchObject({
      _id: 'c-optional',
    });
    ok(await call(t, p.dispatcher, 'PATCH', '/customers/c-phone', { phone: null, version: 2 }));
    expect(ok(await call(t, p.dispatcher, 'GET', '/customers/c-phone')).phone ?? null).toBeNull();
  });
});
