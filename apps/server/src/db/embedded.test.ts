import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockedFolder, blockedFolderMessage, portOtherThan, reachableBinaries } from './embedded.ts';

// As root, the embedded PostgreSQL runs as the `postgres` user: every folder on the way to its data
// must let that user through, or initdb dies with a bare "Permission denied".

const POSTGRES = { uid: 999, gid: 999 };
const folders: Record<string, { mode: number; uid: number; gid: number }> = {
  '/': { mode: 0o40755, uid: 0, gid: 0 },
  '/tmp': { mode: 0o41777, uid: 0, gid: 0 },
  '/tmp/tmp.Ab12': { mode: 0o40700, uid: 0, gid: 0 },
  '/tmp/tmp.Ab12/data': { mode: 0o40755, uid: 0, gid: 0 },
  '/srv': { mode: 0o40750, uid: 0, gid: 999 },
  '/srv/wellbe': { mode: 0o40700, uid: 999, gid: 999 },
};
const stat = (folder: string) => folders[folder] ?? { mode: 0o40700, uid: 999, gid: 999 };

describe('blockedFolder (the embedded PostgreSQL’s data path)', () => {
  it('names the first folder the postgres user cannot go through: a mktemp -d folder of root', () => {
    expect(blockedFolder('/tmp/tmp.Ab12/data/pg', POSTGRES, stat)).toBe('/tmp/tmp.Ab12');
  });

  it('lets a folder through by its owner, group or others right, and does not check the data folder itself', () => {
    expect(blockedFolder('/srv/wellbe/pg', POSTGRES, stat)).toBeNull();
    expect(blockedFolder('/srv/wellbe/pg', { uid: 1000, gid: 1000 }, stat)).toBe('/srv');
    expect(blockedFolder('/tmp/pg', POSTGRES, stat)).toBeNull();
  });

  it('says in French which folder and what to change', () => {
    expect(blockedFolderMessage('/tmp/tmp.Ab12', '/tmp/tmp.Ab12/data/pg')).toBe(
      'PostgreSQL embarqué : l’utilisateur postgres ne peut pas traverser le dossier /tmp/tmp.Ab12 (données dans /tmp/tmp.Ab12/data/pg). Ouvrez-le (chmod 755 /tmp/tmp.Ab12) ou choisissez un DATA_DIR ailleurs.',
    );
  });
});

describe('the binaries where the postgres user can run them', () => {
  it('copies the native folder out of a folder that user cannot go through, once, and keeps a reachable one', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-bin-'));
    const tmp = path.join(base, 'tmp');
    const native = path.join(base, 'clone', 'native');
    for (const dir of ['bin', 'lib']) fs.mkdirSync(path.join(native, dir), { recursive: true });
    fs.mkdirSync(tmp);
    for (const file of ['bin/initdb', 'bin/pg_ctl']) fs.writeFileSync(path.join(native, file), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(native, 'lib/libpq.so'), 'lib');
    const bin = { initdb: path.join(native, 'bin/initdb'), pg_ctl: path.join(native, 'bin/pg_ctl') };
    try {
      // A clone in a 0700 folder (mkdtemp): its binaries are copied where the postgres user can go.
      fs.chmodSync(path.join(base, 'clone'), 0o700);
      const moved = reachableBinaries(bin, POSTGRES, tmp);
      expect(path.dirname(path.dirname(moved.initdb)).startsWith(path.join(tmp, 'wellbe-pg-native-'))).toBe(true);
      expect(path.basename(moved.pg_ctl)).toBe('pg_ctl');
      expect(fs.statSync(moved.initdb).mode & 0o777).toBe(0o755);
      expect(fs.readFileSync(path.join(path.dirname(path.dirname(moved.initdb)), 'lib/libpq.so'), 'utf8')).toBe('lib');
      // Once: the second start finds the copy.
      expect(reachableBinaries(bin, POSTGRES, tmp)).toEqual(moved);
      expect(fs.readdirSync(tmp)).toHaveLength(1);
      // A reachable checkout keeps its binaries where they are.
      fs.chmodSync(path.join(base, 'clone'), 0o755);
      fs.chmodSync(base, 0o755);
      expect(reachableBinaries(bin, POSTGRES, tmp)).toEqual(bin);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('the embedded PostgreSQL’s port', () => {
  it('is never the web server’s PORT, even when the system hands that free port out again', async () => {
    const handed = [3210, 3210, 41234];
    const free = async () => handed.shift()!;
    expect(await portOtherThan(3210, free)).toBe(41234);
    expect(handed).toEqual([]);
  });

  it('takes the first free port when none is to be avoided', async () => {
    expect(await portOtherThan(undefined, async () => 5433)).toBe(5433);
    expect(await portOtherThan(3210, async () => 5433)).toBe(5433);
  });
});
