// Common-password refusal and the strength meter (ASVS 5.0 V6.2.4), on top of SPEC §5's rule.
// zxcvbn-ts with its common and French dictionaries is large (about 1 MB): it is loaded on demand,
// so that no first page (the /login page above all) carries it.

/** Below this zxcvbn score (0–4), a password is too common or too easy to guess: refused. */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_STRENGTH_MESSAGES = {
  common: 'Ce mot de passe est trop courant ou trop facile à deviner. Choisissez-en un autre.',
} as const;

export interface PasswordStrength {
  /** 0 (very weak) to 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Refused: found in (or close to) the common-password lists, or guessed too fast. */
  tooCommon: boolean;
  /** zxcvbn's French advice, when it has one. */
  warning: string | null;
}

type Checker = (password: string, userInputs?: string[]) => PasswordStrength;
let loading: Promise<Checker> | null = null;

/** Loads the dictionaries once; the checker then answers synchronously. */
export function loadPasswordStrength(): Promise<Checker> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, fr] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-fr')]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...fr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: fr.translations,
    });
    return (password: string, userInputs: string[] = []) => {
      const result = zxcvbn.check(password.slice(0, 256), userInputs);
      const score = result.score as PasswordStrength['score'];
      return { score, tooCommon: score < MIN_PASSWORD_SCORE, warning: result.feedback.warning || null };
    };
  })();
  return loading;
}
