import fastifyMultipart from '@fastify/multipart';
import { defineEndpoint } from '@wallet/contract/endpoint';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipart } from '../../test/helpers/multipart-body.ts';
import { installErrorHandler } from './error-handler.ts';
import { parseMultipart } from './multipart.ts';

const withFields = defineEndpoint({
  method: 'POST',
  path: '/upload',
  access: 'public',
  body: z.object({ amount: z.coerce.number().int().positive(), note: z.string().max(10).optional() }),
  response: z.object({}),
  isUpload: true,
  maxUploadBytes: 16,
  summary: 'test upload with fields',
});

const app = Fastify({ logger: false });
beforeAll(async () => {
  installErrorHandler(app);
  await app.register(fastifyMultipart);
  app.post('/upload', async (request) => {
    const { body, file } = await parseMultipart(request, withFields);
    return { body, file: file && { text: file.data.toString(), truncated: file.truncated, name: file.clientFileName } };
  });
  await app.ready();
});
afterAll(() => app.close());

const send = (body: ReturnType<typeof multipart>) =>
  app.inject({ method: 'POST', url: '/upload', payload: body.payload, headers: body.headers });

describe('parseMultipart', () => {
  it('checks the text fields against the descriptor body and reads the file', async () => {
    const answer = await send(
      multipart([
        { name: 'amount', data: '250' },
        { name: 'file', filename: 'a.txt', type: 'text/plain', data: 'hello' },
      ]),
    );
    expect(answer.json()).toEqual({ body: { amount: 250 }, file: { text: 'hello', truncated: false, name: 'a.txt' } });
  });

  it('marks a file over maxUploadBytes as truncated, holding only the cap', async () => {
    const answer = await send(
      multipart([
        { name: 'amount', data: '1' },
        { name: 'file', filename: 'big.txt', data: 'x'.repeat(100) },
      ]),
    );
    expect(answer.json()).toMatchObject({ file: { text: 'x'.repeat(16), truncated: true } });
  });

  it('answers KEY_INVALID for fields the schema refuses', async () => {
    for (const fields of [
      [],
      [{ name: 'amount', data: '-5' }],
      [
        { name: 'amount', data: '5' },
        { name: 'note', data: 'x'.repeat(11) },
      ],
    ]) {
      const answer = await send(multipart(fields));
      expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
  });

  it('gives no file when none was sent', async () => {
    const answer = await send(multipart([{ name: 'amount', data: '3' }]));
    expect(answer.json()).toEqual({ body: { amount: 3 }, file: null });
  });
});
