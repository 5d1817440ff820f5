import { PROFILE_PHOTO_MAX_BYTES } from '@rostra/core/shell/validators';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { type Browser, latestMessage, withCaptcha } from './testing.ts';

type Me = { user_details: { displayName: string; photoUrl: string | null; phoneNumber: string | null } };

const png = (bytes = 64) => {
  const b = new Uint8Array(bytes);
  b.set([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 9, 0, 0, 0,
    9,
  ]);
  return b;
};
const pdf = () => new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

/*
 * The profile menu's changes (shell spec §2, §7 updUser_au): the photo (image files only, a
 * single file), the display name, and the phone number through the identity library's phone
 * verification, so only a number its owner proved is ever kept.
 */
describe.each(testDatabaseKinds())('the profile of the signed-in person on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-profile');
  });
  afterAll(() => t?.close());

  const me = async (as: Browser) => ok<Me>(await call(t, as, 'GET', '/me')).user_details;
  const upload = async (as: Browser, files: { bytes: Uint8Array; name: string }[]) => {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([Buffer.from(f.bytes)]), f.name);
    const encoded = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/me/photo',
      headers: { ...as, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  };

  it('an image becomes the photo /me names, served to its owner only; the previous one is gone', async () => {
    const first = png(80);
    const { photoUrl } = ok<{ photoUrl: string }>(
      await upload(p.resource1, [{ bytes: first, name: 'me.png' }]),
    );
    expect((await me(p.resource1)).photoUrl).toBe(photoUrl);
    const served = await t.app.inject({ method: 'GET', url: photoUrl, headers: { ...p.resource1 } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(served.rawPayload)).toEqual(first);
    // Another person, even of the same organisation, does not get it.
    const other = await t.app.inject({ method: 'GET', url: photoUrl, headers: { ...p.resource2 } });
    expect(other.statusCode).toBe(404);

    const second = ok<{ photoUrl: string }>(await upload(p.resource1, [{ bytes: png(90), name: 'new.png' }]));
    expect(second.photoUrl).not.toBe(photoUrl);
    expect((await me(p.resource1)).photoUrl).toBe(second.photoUrl);
    const old = await t.app.inject({ method: 'GET', url: photoUrl, headers: { ...p.resource1 } });
    expect(old.statusCode).toBe(404);
  });

  it("a file that is not an image, two files, none or a too large one: the spec's failure, nothing kept", async () => {
    const before = (await me(p.customer)).photoUrl;
    const refused = [
      await upload(p.customer, [{ bytes: pdf(), name: 'photo.png' }]),
      await upload(p.customer, [
        { bytes: png(), name: 'a.png' },
        { bytes: png(), name: 'b.png' },
      ]),
      await upload(p.customer, []),
      await upload(p.customer, [{ bytes: png(PROFILE_PHOTO_MAX_BYTES + 1), name: 'big.png' }]),
    ];
    for (const answer of refused) {
      expect([400, 413]).toContain(answer.statusCode);
      if (answer.statusCode === 400) {
        expect(answer.json().error.message).toBe('Something went wrong! Please try again.');
      }
    }
    expect((await me(p.customer)).photoUrl).toBe(before);
  });

  it("the display name changes; an empty one is refused with the sign-in form's text", async () => {
    const changed = await call(t, p.resource2, 'PATCH', '/me', { details: { displayName: '  Rua Tane  ' } });
    expect(ok(changed)).toEqual({ displayName: 'Rua Tane' });
    expect((await me(p.resource2)).displayName).toBe('Rua Tane');
    const empty = await call(t, p.resource2, 'PATCH', '/me', { details: { displayName: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'name-required',
      details: { field: 'details.displayName' },
    });
    expect((await me(p.resource2)).displayName).toBe('Rua Tane');
  });

  it('the phone number changes only through a code sent to the new number', async () => {
    const phoneNumber = '+61400111222';
    const origin = { origin: p.dispatcher.origin };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: { ...p.dispatcher, ...origin },
      payload: await withCaptcha(t, { phoneNumber }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = /\d{6}/.exec((await latestMessage(t, phoneNumber))?.body ?? '')?.[0] ?? '';
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      headers: { ...p.dispatcher },
      payload: { phoneNumber, code: code === '000000' ? '111111' : '000000', updatePhoneNumber: true },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await me(p.dispatcher)).phoneNumber).toBeNull();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      headers: { ...p.dispatcher },
      payload: { phoneNumber, code, updatePhoneNumber: true },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await me(p.dispatcher)).phoneNumber).toBe(phoneNumber);
  });
});
