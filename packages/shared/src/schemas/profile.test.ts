import { describe, expect, it } from 'vitest';
import { profileFormSchema, userUpdateSchema } from './profile.ts';

const valid = { phoneNumber: '06 11 22 33 02', professionalNumber: '', oldPassword: 'Demo-Wellbe-2026!', password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2026!' };

function messages(values: Record<string, unknown>) {
  const result = profileFormSchema.safeParse({ ...valid, ...values });
  const first: Record<string, string> = {};
  // The first message of each field is the one shown under it.
  for (const issue of result.success ? [] : result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('profile form schema (SPEC §5)', () => {
  it('accepts a complete change, French and international phones, and empty phones', () => {
    expect(messages({})).toEqual({});
    expect(messages({ phoneNumber: '+44 20 7946 0958', professionalNumber: '01.45.67.89.10' })).toEqual({});
    expect(messages({ phoneNumber: '', professionalNumber: null })).toEqual({});
  });

  it('puts each SPEC §5 message under its own field, all at once', () => {
    expect(messages({ oldPassword: '', password: 'court', passwordConfirm: 'autre', phoneNumber: '123' })).toEqual({
      oldPassword: 'Entrez ancien votre mot de passe.',
      password: 'Le mot de passe doit contenir 11 caractères minimum, 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial',
      passwordConfirm: 'Les mots de passe doivent correspondre',
      phoneNumber: 'Numéro de téléphone invalide : un numéro français ou international est attendu.',
    });
    expect(messages({ password: '', passwordConfirm: '' })).toEqual({ password: 'Entrez nouveau votre mot de passe.' });
  });

  it('refuses each missing class of the rule', () => {
    for (const password of ['nouveau-mdp-2026!', 'NOUVEAU-MDP-2026!', 'Nouveau-Mdp-deux!', 'NouveauMdp2026x', 'Nv-Mdp-26!']) {
      expect(messages({ password, passwordConfirm: password }).password).toMatch(/^Le mot de passe doit contenir/);
    }
  });

  it('refuses a new password equal to the old one', () => {
    expect(messages({ password: valid.oldPassword, passwordConfirm: valid.oldPassword })).toEqual({
      password: 'Le nouveau mot de passe doit être différent de l’ancien.',
    });
  });

  it('wraps the same rules in the userUpdate of SPEC §7', () => {
    const base = { Iduser: '11111111-1111-4111-8111-111111111111', idOrganization: null, username: 'pa', ...valid };
    expect(userUpdateSchema.safeParse(base).success).toBe(true);
    const wrong = userUpdateSchema.safeParse({ ...base, passwordConfirm: 'x' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe('Les mots de passe doivent correspondre');
    expect(userUpdateSchema.safeParse(null).success).toBe(false);
  });
});
