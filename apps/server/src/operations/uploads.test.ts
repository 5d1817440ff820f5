import { UPLOAD_MAX_BYTES } from '@rostra/core/files/upload-rules';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../http/api.ts';
import type { Browser } from '../identity/testing.ts';
import { LiveClient, type LiveMessage } from '../live/testing.ts';
import { call, ok, type Personas, schedulingOrg } from '../scheduling/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

describe.each(testDatabaseKinds())('uploads on %s', (kind) => {
  let t: TestApp;
  let p: Personas;
  let other: Personas;

  beforeAll(async () => {
    t = await createTestApp(kind);
    p = await schedulingOrg(t, 'org-up');
    other = await schedulingOrg(t, 'org-up-other');
  });
  afterAll(() => t?.close());

  const upload = (as: Browser, name: string, bytes: Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: `${API}/uploads?name=${encodeURIComponent(name)}`,
      headers: { ...as, 'content-type': type },
      payload: bytes,
    });

  it('a dispatcher uploads a PDF; it is listed with the sniffed type and downloads byte for byte', async () => {
    const res = await upload(p.dispatcher, 'report.pdf', PDF, 'text/plain');
    const rec = ok<{ _id: string; mime_type: string; size: number; name: string }>(res, 201);
    expect(rec).toMatchObject({ name: 'report.pdf', mime_type: 'application/pdf', size: PDF.length });
    expect(JSON.stringify(rec)).not.toContain('storage');
    const list = ok<{ items: { _id: string }[] }>(await call(t, p.dispatcher, 'GET', '/uploads'));
    expect(list.items.map((u) => u._id)).toContain(rec._id);
    const down = await call(t, p.dispatcher, 'GET', `/uploads/${rec._id}/content`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(String(down.headers['content-disposition'])).toContain('attachment; filename="report.pdf"');
    expect(Buffer.from(down.rawPayload).equals(PDF)).toBe(true);
  });

  it('a file that is not an image or a PDF is refused by its content, whatever its name says', async () => {
    const res = await upload(
      p.dispatcher,
      'photo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'unsupported_file_type',
      message: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be uploaded',
    });
  });

  it('a file over 10MB is refused with the size message and nothing is stored', async () => {
    const before = ok<{ items: unknown[] }>(await call(t, p.dispatcher, 'GET', '/uploads')).items.length;
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    PNG.copy(big);
    const res = await upload(p.dispatcher, 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'file_too_large',
      message: 'File size is bigger than 10MB',
    });
    expect(ok<{ items: unknown[] }>(await call(t, p.dispatcher, 'GET', '/uploads')).items.length).toBe(
      before,
    );
  });

  it('an empty upload is refused; a folder in the name is dropped', async () => {
    expect((await upload(p.dispatcher, 'x.png', Buffer.alloc(0))).json().error.code).toBe('empty_file');
    const rec = ok<{ name: string }>(await upload(p.dispatcher, '../../etc/passwd.png', PNG), 201);
    expect(rec.name).toBe('passwd.png');
  });

  it('only dispatchers upload and list; another organisation cannot read, download or delete', async () => {
    expect((await upload(p.resource1, 'a.png', PNG)).statusCode).toBe(403);
    expect((await call(t, p.customer, 'GET', '/uploads')).statusCode).toBe(403);
    const rec = ok<{ _id: string }>(await upload(p.dispatcher, 'mine.png', PNG), 201);
    expect((await call(t, other.dispatcher, 'GET', `/uploads/${rec._id}`)).statusCode).toBe(404);
    expect((await call(t, other.dispatcher, 'GET', `/uploads/${rec._id}/content`)).statusCode).toBe(404);
    expect((await call(t, other.dispatcher, 'DELETE', `/uploads/${rec._id}`)).statusCode).toBe(404);
    const theirs = ok<{ items: unknown[] }>(await call(t, other.dispatcher, 'GET', '/uploads'));
    expect(theirs.items).toEqual([]);
    expect((await call(t, p.dispatcher, 'GET', `/uploads/${rec._id}/content`)).statusCode).toBe(200);
  });

  it('delete removes the record and the bytes', async () => {
    const rec = ok<{ _id: string }>(await upload(p.dispatcher, 'gone.png', PNG), 201);
    expect((await call(t, p.dispatcher, 'DELETE', `/uploads/${rec._id}`)).statusCode).toBe(200);
    expect((await call(t, p.dispatcher, 'GET', `/uploads/${rec._id}`)).statusCode).toBe(404);
    expect((await call(t, p.dispatcher, 'GET', `/uploads/${rec._id}/content`)).statusCode).toBe(404);
  });

  it('lists filter by name and type and page newest first', async () => {
    const q = ok<{ items: { name: string }[] }>(await call(t, p.dispatcher, 'GET', '/uploads?q=report'));
    expect(q.items.map((u) => u.name)).toEqual(['report.pdf']);
    const images = ok<{ items: { mime_type: string }[] }>(
      await call(t, p.dispatcher, 'GET', '/uploads?type=image'),
    );
    expect(images.items.length).toBeGreaterThan(0);
    expect(images.items.every((u) => u.mime_type.startsWith('image/'))).toBe(true);
    const first = ok<{ items: { _id: string }[]; next_cursor: string }>(
      await call(t, p.dispatcher, 'GET', '/uploads?limit=1'),
    );
    const second = ok<{ items: { _id: string }[] }>(
      await call(t, p.dispatcher, 'GET', `/uploads?limit=1&cursor=${first.next_cursor}`),
    );
    expect(second.items[0]?._id).not.toBe(first.items[0]?._id);
  });

  it('an upload and its deletion are published live to the dispatchers of the org, not to another org', async () => {
    const about = (id: string, event: string) => (m: LiveMessage) =>
      m.type === 'event' && m.data?.kind === 'uploads' && m.data?._id === id && m.kind === event;
    const d = await LiveClient.connect(t.app, p.dispatcher);
    const theirs = await LiveClient.connect(t.app, other.dispatcher);
    const r1 = await LiveClient.connect(t.app, p.resource1);
    expect(await d.subscribe({ topic: 'records', kind: 'uploads' })).toMatchObject({ type: 'subscribed' });
    expect(await theirs.subscribe({ topic: 'records', kind: 'uploads' })).toMatchObject({
      type: 'subscribed',
    });
    expect(await r1.subscribe({ topic: 'records', kind: 'uploads' })).toMatchObject({ type: 'error' });
    const rec = ok<{ _id: string }>(await upload(p.dispatcher, 'live.png', PNG), 201);
    const created = await d.next(about(rec._id, 'record.created'));
    expect(created.data?.record).toMatchObject({ name: 'live.png', mime_type: 'image/png' });
    expect(JSON.stringify(created)).not.toContain('storage');
    expect((await call(t, p.dispatcher, 'DELETE', `/uploads/${rec._id}`)).statusCode).toBe(200);
    await d.next(about(rec._id, 'record.removed'));
    const mark = ok<{ _id: string }>(await upload(other.dispatcher, 'theirs.png', PNG), 201);
    await theirs.next(about(mark._id, 'record.created'));
    expect(theirs.events().filter((m) => m.data?._id !== mark._id)).toEqual([]);
    d.close();
    theirs.close();
    r1.close();
  });
});
