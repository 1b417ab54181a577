import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '@reloop/shared';
import { responseSerializerCompiler } from '../../src/plugins/serializer.ts';

const account = z.object({ name: z.string(), note: z.string().nullable() }).meta({ id: 'Account' });

const app = Fastify();
app.setSerializerCompiler(responseSerializerCompiler);
const route = (url: string, body: unknown) =>
  app.get(url, { schema: { response: { 200: z.array(account) } } }, async () => body);
route('/extra', [{ name: 'Ada', note: null, passwordHash: 'secret' }]);
route('/missing', [{ note: 'no name' }]);
app.get('/listing', { schema: { response: { 200: productSchema } } }, async () => listing);

const listing = {
  _id: '0b0a4c1e-5d3f-4c59-9c1e-3f1f2f3e4d5c',
  name: 'ThinkPad X1 Carbon "Gen 9"',
  imgUrl: '/api/images/x1.webp',
  photos: ['/api/images/x1.webp'],
  resalePrice: 612.5,
  originalPrice: 1499,
  location: 'Lyon',
  yearOfUse: 2021,
  condition: 'good',
  categoryId: '2c1f6a2e-7b3d-4e8f-9a0b-1c2d3e4f5a6b',
  description: 'Line one\nline two, with a \\ and \u2028',
  model: null,
  cpu: 'i7-1165G7',
  ramGb: 16,
  storageGb: null,
  screenInches: 14,
  batteryHealth: null,
  sellerVerified: true,
  status: 'unsold',
  advertise: false,
  report: false,
  timeWhenPost: '2026-11-25T10:00:00.000Z',
  sellerName: 'Ada',
  mobile: '0612345678',
  sellerEmail: 'ada@example.com',
};

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('response serializer', () => {
  it('writes only the fields the schema names', async () => {
    const response = await app.inject('/extra');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[{"name":"Ada","note":null}]');
  });

  it('refuses a response that lacks a required field', async () => {
    const response = await app.inject('/missing');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('no name');
  });

  it('writes a listing exactly as JSON.stringify does', async () => {
    const response = await app.inject('/listing');
    expect(response.body).toBe(JSON.stringify(listing));
  });
});
