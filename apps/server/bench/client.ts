import http from 'node:http';
import zlib from 'node:zlib';

// The bench's measured calls (issue 31): node:http with a keep-alive agent instead of Node's fetch.
// The bench runs on the same 2 cores as the server and PostgreSQL, so its own CPU per call is part
// of every latency it reads: fetch (undici, its web streams, a decompression stream per answer) cost
// 1.7–3.9 ms per 240 kB agenda week, node:http and one zlib call ~0.6 ms for the same calls
// (docs/scaling.md). Still what a browser does with the answer: asks the same encodings (fetch's
// `gzip, deflate` over http, or BENCH_ACCEPT_ENCODING), reads the whole body and decompresses it.

export interface BenchClient {
  /** GET `url` (absolute), the whole body read and decompressed; throws on a status other than 2xx. */
  get(url: string, headers: Record<string, string>): Promise<Buffer>;
  close(): void;
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => zlib.gunzipSync(body),
  deflate: (body) => zlib.inflateSync(body),
  br: (body) => zlib.brotliDecompressSync(body),
  identity: (body) => body,
};

/**
 * Node's fetch, as the bench measured before (BENCH_CLIENT=fetch): its figures compare with the
 * earlier ones in docs/scaling.md. Its own CPU bounded /api/health's throughput (2,000 req/s against
 * 13,000 through node:http on the same server), so the list / health ratio it printed was higher.
 */
export function fetchClient(acceptEncoding?: string): BenchClient {
  return {
    get: async (url, headers) => {
      const res = await fetch(url, { headers: acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers });
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
      return Buffer.from(await res.arrayBuffer());
    },
    close: () => {},
  };
}

export function leanClient(acceptEncoding = 'gzip, deflate'): BenchClient {
  // One socket per call in flight, reused from call to call, as fetch's pool did.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return {
    get: (url, headers) =>
      new Promise<Buffer>((resolve, reject) => {
        const req = http.get(url, { agent, headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
            const encoding = String(res.headers['content-encoding'] ?? 'identity');
            const decode = DECODERS[encoding];
            if (!decode) return reject(new Error(`${url}: encodage inattendu ${encoding}`));
            const body = decode(raw);
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) return reject(new Error(`${url}: HTTP ${status} ${body.toString('utf8').slice(0, 300)}`));
            resolve(body);
          });
        });
        req.on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}
