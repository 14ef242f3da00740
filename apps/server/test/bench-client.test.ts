import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClient, leanClient } from '../bench/client.ts';

// The bench's measured calls (bench/client.ts) still do what a browser does with an answer (issue
// 31: a leaner client is honest only so): they ask the encodings fetch asks, read the whole body
// and decompress it, and a failed call fails the bench instead of being timed.

const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 2000 }, (_, i) => ({ id: i, title: `Rendez-vous ${i} — é` })) }));
const seen: string[] = [];
let base = '';
const server = http.createServer((req, res) => {
  seen.push(String(req.headers['accept-encoding']));
  const kind = req.url!.slice(1);
  if (kind === 'error') return res.writeHead(500).end('{"error":"boom"}');
  const encoded = { gzip: zlib.gzipSync(body), deflate: zlib.deflateSync(body), br: zlib.brotliCompressSync(body), identity: body, zstd: body }[kind]!;
  res.writeHead(200, kind === 'identity' ? {} : { 'content-encoding': kind }).end(encoded);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('bench client', () => {
  it('asks what fetch asks over http and answers every body whole, decompressed', async () => {
    const client = leanClient();
    try {
      for (const kind of ['gzip', 'deflate', 'br', 'identity']) expect((await client.get(`${base}/${kind}`, {})).equals(body)).toBe(true);
      expect(seen.at(-1)).toBe('gzip, deflate');
    } finally {
      client.close();
    }
  });

  it('asks the encodings it is given (BENCH_ACCEPT_ENCODING)', async () => {
    const client = leanClient('gzip, deflate, br, zstd');
    try {
      expect((await client.get(`${base}/br`, {})).equals(body)).toBe(true);
      expect(seen.at(-1)).toBe('gzip, deflate, br, zstd');
    } finally {
      client.close();
    }
  });

  it('through fetch (BENCH_CLIENT=fetch, the former client) answers the same bodies and fails the same way', async () => {
    const client = fetchClient();
    for (const kind of ['gzip', 'deflate', 'br', 'identity']) expect((await client.get(`${base}/${kind}`, {})).equals(body)).toBe(true);
    expect(seen.at(-1)).toBe('gzip, deflate');
    await expect(client.get(`${base}/error`, {})).rejects.toThrow(/HTTP 500/);
  });

  it('fails on an error status or an encoding it cannot read, instead of timing it', async () => {
    const client = leanClient();
    try {
      await expect(client.get(`${base}/error`, {})).rejects.toThrow(/HTTP 500 \{"error":"boom"\}/);
      await expect(client.get(`${base}/zstd`, {})).rejects.toThrow(/encodage inattendu zstd/);
    } finally {
      client.close();
    }
  });
});
