import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret.ts';

const key = new TextEncoder().encode('un-secret-de-serveur-pour-les-tests');
const other = new TextEncoder().encode('le-secret-d-un-autre-serveur');
const PURPOSE = 'oidc-client-secret';
const open = (sealed: string, k = key, purpose = PURPOSE) => openSecret(k, purpose, sealed)?.toString('utf8') ?? null;

// Values sealed under `key` before the two sealing modules were merged, kept as they are stored.
/** By the former lib/sealed.ts (identity providers' client secrets): `v1.<iv>.<tag>.<ciphertext>`, its own salt. */
const FORMER_OIDC = 'v1.y3TAn6E1IbeIwlfy.q7-W8jgtiMNGAFn1EpTv_A.KZNLygc7WjhLx1eip6u0Yb6MIZsu';
const FORMER_OIDC_EMPTY = 'v1.KPCHxnPhCb0LjXG6.5_hr5qrW9A_l9ZCIZDod0A.';
/** By lib/secret.ts (signing keys, verification tokens): `v1.<iv>.<ciphertext>.<tag>`. */
const CURRENT = 'v1.Of-TTk_gcNdBL3iK.9aXQ0mpaWH7lmSxVmYb2CK-E1ELO.1_73zF77IWovu123PIu8pg';

describe('sealSecret / openSecret', () => {
  it('opens what it sealed, text or bytes, and never shows the plain value', () => {
    const sealed = sealSecret(key, PURPOSE, 'secret-du-fournisseur');
    expect(sealed).not.toContain('secret-du-fournisseur');
    expect(open(sealed)).toBe('secret-du-fournisseur');
    expect(openSecret(key, 'signing-key', sealSecret(key, 'signing-key', Buffer.from([0, 1, 255])))).toEqual(Buffer.from([0, 1, 255]));
    expect(open(sealSecret(key, PURPOSE, ''))).toBe('');
  });

  it('opens values stored by either former layout', () => {
    expect(open(CURRENT)).toBe('secret-du-fournisseur');
    expect(open(FORMER_OIDC)).toBe('secret-du-fournisseur');
    expect(open(FORMER_OIDC_EMPTY)).toBe('');
  });

  it('refuses another server’s secret, another purpose, an altered or truncated value', () => {
    for (const sealed of [CURRENT, FORMER_OIDC, sealSecret(key, PURPOSE, 'x')]) {
      expect(open(sealed, other)).toBeNull();
      expect(open(sealed, key, 'totp-secret')).toBeNull();
      const parts = sealed.split('.');
      const flipped = parts[2].startsWith('A') ? `B${parts[2].slice(1)}` : `A${parts[2].slice(1)}`;
      expect(open([parts[0], parts[1], flipped, parts[3]].join('.'))).toBeNull();
      expect(open(sealed.slice(0, -4))).toBeNull();
      expect(open(`${sealed}.x`)).toBeNull();
    }
    expect(open('secret-en-clair')).toBeNull();
    expect(open('v2.a.b.c')).toBeNull();
  });
});
