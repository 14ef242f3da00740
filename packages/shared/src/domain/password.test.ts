import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordChangeSchema, passwordSchema } from './password.ts';

const messages = (value: unknown) => {
  const r = passwordSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('SPEC §5 password rule', () => {
  it('accepts 11 characters with every class', () => {
    expect(messages('Abcdefgh1!x')).toEqual([]);
    expect(messages('Demo-Wellbe-2026!')).toEqual([]);
  });
  it.each([
    ['no uppercase', 'abcdefgh1!x'],
    ['no lowercase', 'ABCDEFGH1!X'],
    ['no digit', 'Abcdefghi!x'],
    ['no special character', 'Abcdefgh12x'],
    ['10 characters', 'Abcdefg1!x'],
    ['a special character outside !@#$%^&*', 'Abcdefgh1?x'],
    ['only a dash and a dot as specials', 'Abcdefg1-.x'],
  ])('refuses %s', (_label, value) => {
    expect(messages(value)).toEqual([PASSWORD_MESSAGES.rule]);
  });
  it('asks for a new password when empty', () => {
    expect(messages('')).toContain('Entrez nouveau votre mot de passe.');
  });
  it('checks the whole change form with the exact messages', () => {
    const r = passwordChangeSchema.safeParse({ oldPassword: '', password: 'Abcdefgh1!x', passwordConfirm: 'Abcdefgh1!y' });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.oldPassword).toBe('Entrez ancien votre mot de passe.');
    expect(byPath.passwordConfirm).toBe('Les mots de passe doivent correspondre');
  });
});
