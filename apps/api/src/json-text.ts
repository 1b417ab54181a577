import type { FastifyReply } from 'fastify';

/**
 * Sends text that is JSON already (the cached categories, rows PostgreSQL wrote as JSON): Fastify
 * sends a string as it is, past the route's response serializer.
 */
export const sendJson = (reply: FastifyReply, text: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(text);
