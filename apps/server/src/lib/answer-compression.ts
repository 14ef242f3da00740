import { brotliCompressSync, constants, gzipSync, type BrotliOptions, type InputType, type ZlibOptions } from 'node:zlib';

/**
 * The compression levels of the API's answers (app.ts, @fastify/compress's `zlib` option: its
 * synchronous path calls these two, its streams stay Node's own). An answer of LARGE_ANSWER bytes
 * or more is compressed at the fast levels, brotli 1 and gzip 1: for the agenda's week of 10
 * practitioners (240 kB of JSON) brotli 3 cost ~0.65 ms and brotli 1 ~0.26 ms for 4 % more bytes
 * (ratio 7.9 → 7.5), gzip 3 ~0.64 ms and gzip 1 ~0.52 ms for 2 % more (7.0 → 6.9), and that one
 * compression was a quarter of the server's CPU for that read (issue 31, docs/scaling.md). A
 * smaller answer keeps brotli 3 / gzip 3: there the fast levels cost 10–20 % more bytes (a 31 kB
 * food list, 54 kB of exercises) for a few hundredths of a millisecond.
 */
export const LARGE_ANSWER = 65_536;

/** gzip's memLevel 9 (the largest hash): ~5–10 % faster than the default 8 here, 0.2 % fewer bytes (240 kB week). */
export const GZIP_OPTIONS: ZlibOptions = { level: 3, memLevel: 9 };
export const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 3 } };

const LARGE_GZIP: ZlibOptions = { ...GZIP_OPTIONS, level: 1 };
const LARGE_BROTLI: BrotliOptions = { params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_QUALITY]: 1 } };

const sizeOf = (input: InputType) => (typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength);

/** The two synchronous compressors @fastify/compress calls, the level picked by the answer's size. */
export const answerZlib = {
  gzipSync: (input: InputType, options?: ZlibOptions) => gzipSync(input, sizeOf(input) >= LARGE_ANSWER ? LARGE_GZIP : options),
  brotliCompressSync: (input: InputType, options?: BrotliOptions) => brotliCompressSync(input, sizeOf(input) >= LARGE_ANSWER ? LARGE_BROTLI : options),
};
