import Cursor from 'pg-cursor';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { patients } from '../../db/tables.ts';
import { EXPORT_BATCH_ROWS } from '../../lib/db-cursor.ts';
import { patientKeys } from './patients.keys.ts';
import { usePatientsApp } from './patients.test-kit.ts';

// Issue 31: the patient CSV export of a large practice is streamed from the database cursor batch by
// batch (the first bytes leave before the last row is read, memory stays one batch), and the
// server keeps answering /api/health while an export is in flight.

const { k } = usePatientsApp();
const ADDED = 3000;
let base: string;

beforeAll(async () => {
  const { t, pr } = k.app;
  const rows = Array.from({ length: ADDED }, (_, i) => {
    const fullName = `Export Patient ${String(i).padStart(5, '0')}`;
    const phone = `07 ${String(10_000_000 + i).slice(-8).replace(/(\d\d)(?=\d)/g, '$1 ')}`;
    const email = `export.${i}@exemple.fr`;
    return { organizationId: pr.idOrganization!, fullName, phoneNumber: phone, email, ...patientKeys(fullName, phone, email) };
  });
  for (let i = 0; i < rows.length; i += 1000) await t.ctx.db.insert(patients).values(rows.slice(i, i + 1000));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(() => vi.restoreAllMocks());

/** Counts the rows every cursor hands out, and holds the second read of the export until `open()`. */
function gateCursor() {
  const sizes: number[] = [];
  let rowsRead = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const read = Cursor.prototype.read;
  vi.spyOn(Cursor.prototype, 'read').mockImplementation(async function (this: Cursor, size: number) {
    sizes.push(size);
    if (sizes.length === 2) await gate;
    const rows = (await read.call(this, size)) as unknown[];
    rowsRead += rows.length;
    return rows;
  } as typeof Cursor.prototype.read);
  return { sizes, rowsRead: () => rowsRead, open };
}

describe('GET /api/patients/export at a practice’s size', () => {
  it('streams: the first rows arrive before the last is read from the cursor, and /api/health answers during the export', async () => {
    const { pr } = k.app;
    const cursor = gateCursor();
    // A server that built the whole CSV before sending would send nothing, not even its headers,
    // while the cursor's second read is held: the gate also opens after a generous 15 s so such a
    // server fails the assertions below instead of hanging.
    const fallback = setTimeout(cursor.open, 15_000);
    // No Accept-Encoding: the plain CSV, so the lines can be counted as they come.
    const res = await fetch(`${base}/api/patients/export`, { headers: { ...pr.auth, 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = '';
    // Read until the header and a first patient are in hand.
    while (text.split('\r\n').length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const rowsReadAtFirstRows = cursor.rowsRead();
    // The export is in flight (its cursor is held): the server still answers its liveness probe.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    clearTimeout(fallback);
    cursor.open();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFF"Nom";"Téléphone";"Adresse Email";"Date de naissance";"Dernière consultation";"Consultations"');
    expect(lines.filter((l) => l.startsWith('"Export Patient '))).toHaveLength(ADDED);
    // Only the first batch had been read when the first patients reached the client.
    expect(rowsReadAtFirstRows).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
    expect(cursor.rowsRead()).toBe(lines.length - 1);
    // Read in batches, never the whole result at once.
    expect(Math.max(...cursor.sizes)).toBe(EXPORT_BATCH_ROWS);
    expect(cursor.sizes.length).toBeGreaterThan((lines.length - 1) / EXPORT_BATCH_ROWS);
  });
});
