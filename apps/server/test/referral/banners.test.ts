import { desc, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { join, type Player } from './referral-harness.ts';

let t: TestApp;
let auth: { authorization: string };
let member: Player;
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await adminToken(t)}` };
  member = await join(t, uniqueIp());
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
const html = { th: '<p>ไทย</p>', la: '', en: '<p>English</p>' };

async function upload(data: Buffer, filename = 'b.png') {
  const body = multipart([{ name: 'file', data, filename, type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/banners/image',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { image?: string; message?: string } };
}

const playerBanners = (place: string, language: string) =>
  t.app.inject({
    url: `/api/${place}/banners`,
    headers: { authorization: `Bearer ${member.token}`, 'accept-language': language },
  });

describe('banners of the invite and refund modals', () => {
  it('serves the demo banners per language; the image is public', async () => {
    const res = await playerBanners('refund', 'en');
    expect(res.statusCode).toBe(200);
    const [banner] = res.json() as Array<{ image: string; html: string }>;
    expect(banner?.html).toContain('cash back');
    const image = await t.app.inject({ url: banner!.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('upload → create → player list (Lao falls back to Thai) → update → delete, each audited', async () => {
    const uploaded = await upload(await png());
    expect(uploaded.status).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banners',
      headers: auth,
      payload: { place: 'invite', image: uploaded.body.image, html, sortOrder: 0, isActive: true },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().banner.id as number;
    const la = (await playerBanners('invite', 'lo')).json() as Array<{ html: string }>;
    expect(la.map((b) => b.html)).toContain('<p>ไทย</p>');
    const en = (await playerBanners('invite', 'en')).json() as Array<{ html: string }>;
    expect(en.map((b) => b.html)).toContain('<p>English</p>');

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/banners/${id}`,
      headers: auth,
      payload: { place: 'invite', image: uploaded.body.image, html, sortOrder: 1, isActive: false },
    });
    expect(updated.json().banner).toMatchObject({ id, isActive: false });
    expect(((await playerBanners('invite', 'en')).json() as unknown[]).length).toBe(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/banners/${id}`, headers: auth });
    expect(removed.json()).toEqual({ ok: true });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/banners/${id}`, headers: auth });
    expect(again.statusCode).toBe(404);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(like(auditLog.target, `banner:${id}`))
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['banner.delete', 'banner.update', 'banner.create']);
  });

  it('refuses an image that was not uploaded here, a bad place, html too long, and a non-image upload', async () => {
    const bad = [
      { place: 'invite', image: 'https://evil.example/x.png', html, sortOrder: 0, isActive: true },
      {
        place: 'invite',
        image: '/api/banners/image/00000000-0000-4000-8000-00000000ffff.png',
        html,
        sortOrder: 0,
        isActive: true,
      },
      {
        place: 'bonus',
        image: '/api/banners/image/00000000-0000-4000-8000-000000000001.png',
        html,
        sortOrder: 0,
        isActive: true,
      },
      {
        place: 'invite',
        image: '/api/banners/image/00000000-0000-4000-8000-000000000001.png',
        html: { ...html, th: 'x'.repeat(5000) },
        sortOrder: 0,
        isActive: true,
      },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/banners', headers: auth, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    }
    expect(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png')).toEqual({
      status: 400,
      body: { message: 'KEY_INVALID' },
    });
    for (const url of [
      '/api/banners/image/..%2f..%2fsecret.png',
      '/api/banners/image/slips%2fa.png',
      '/api/banners/image/x',
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
  });
});
