import { describe, expect, it } from 'vitest';
import { blockedFolder, blockedFolderMessage } from './embedded.ts';

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
