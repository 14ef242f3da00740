/** Probes every 100 ms until `ok` holds or `timeoutMs` has passed; answers the last value (the caller asserts it). */
export async function until<T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
