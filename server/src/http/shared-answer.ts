// An answer that many requests share until it changes (the console's overview: every operator
// sees the same season), written and compressed once per version rather than once per request:
// under twenty clients, writing and compressing the overview's six months of departures was most
// of its cost (docs/decisions/047-console-reads-under-load.md). Each request still builds the
// answer from what it read; when the JSON is the one sent before, the bytes kept are sent again.
// Encodings as @fastify/compress negotiates them (server/src/app.ts), which skips an answer that
// already has its Content-Encoding.
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { $ZodType } from 'zod/v4/core';
import { rememberAtMost } from '../bounded-map.js';
import { answerWriter } from './serializer.js';

const encodings = ['br', 'gzip'] as const;
type Encoding = (typeof encodings)[number];
// Smaller answers go as they are (as @fastify/compress's threshold in server/src/app.ts).
const threshold = 1024;

const compressors: Record<Encoding, (body: string) => Buffer> = {
  // Compressed once for many requests: a higher quality than the per-request default (4) pays.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body) => gzipSync(body),
};

// The same object as the last time (a reader that keeps its answer while nothing it is made of
// changed, e.g. server/src/overview/queries.ts) is not written again either: the overview's six
// months were 250 KB of JSON to write at every request, most of the CPU its answers took.
// Answers are never changed once handed here.
// `keys`: answers kept apart at once, by the key each request names (a departure's manifest, one
// per departure); the one asked for least recently goes first.
export function sharedAnswer<T>(
  schema: $ZodType<T>,
  { checked, keys = 1 }: { checked: boolean; keys?: number },
) {
  const write = answerWriter(schema, { checked });
  const kept = new Map<string, { data: T; body: string; encoded: Map<Encoding, Buffer> }>();
  return (request: FastifyRequest, reply: FastifyReply, data: T, key = '') => {
    let last = kept.get(key);
    const body = last?.data === data ? last.body : write(data);
    if (last?.body !== body) last = { data, body, encoded: new Map() };
    last.data = data;
    rememberAtMost(kept, key, last, keys);
    reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    const header = request.headers['accept-encoding'];
    const encoding =
      body.length >= threshold && typeof header === 'string'
        ? (negotiate(header, [...encodings]) as Encoding | null)
        : null;
    if (!encoding) return reply.send(body);
    let bytes = last.encoded.get(encoding);
    if (!bytes) {
      bytes = compressors[encoding](body);
      last.encoded.set(encoding, bytes);
    }
    return reply.header('Content-Encoding', encoding).header('Content-Length', bytes.length).send(bytes);
  };
}
