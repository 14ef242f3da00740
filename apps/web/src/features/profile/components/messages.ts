import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { PASSWORD_MESSAGES } from '@wellbe/shared/domain/password';
import { PHONE_MESSAGE } from '@wellbe/shared/domain/phone';
import { PROFESSIONAL_ID_MESSAGES } from '@wellbe/shared/domain/rpps';
import { PROFILE_MESSAGES } from '@wellbe/shared/schemas/profile';
import type { TFunction } from 'i18next';
import { translateMessage as translate, type MessageKeys } from '../../../lib/messages.ts';

// The shared schema and the server speak the French texts of SPEC §5; on screen they show in the
// user's language (the fr bundle holds the same texts, so French stays to the letter).
const KEYS: MessageKeys = {
  [PASSWORD_MESSAGES.oldRequired]: 'validation.oldRequired',
  [PASSWORD_MESSAGES.newRequired]: 'validation.newRequired',
  [PASSWORD_MESSAGES.rule]: 'validation.rule',
  [PASSWORD_MESSAGES.mismatch]: 'validation.mismatch',
  [PROFILE_MESSAGES.samePassword]: 'validation.samePassword',
  [PROFILE_MESSAGES.oldPasswordWrong]: 'validation.oldPasswordWrong',
  [PHONE_MESSAGE]: 'validation.phone',
  [PROFESSIONAL_ID_MESSAGES.rpps]: 'validation.rpps',
  [PROFESSIONAL_ID_MESSAGES.adeli]: 'validation.adeli',
  [PROFILE_MESSAGES.avatarType]: 'avatar.type',
  [PROFILE_MESSAGES.avatarTooLarge]: 'avatar.tooLarge',
  [PROFILE_MESSAGES.avatarUnreadable]: 'errors.avatarUnreadable',
  [PROFILE_MESSAGES.usernameLocked]: 'errors.usernameLocked',
  [ERROR_MESSAGES.tooManyAttempts]: 'errors.tooManyAttempts',
};

/** The message in the current language; a message the screen does not know is shown as sent. */
export function translateMessage(t: TFunction<'profile'>, message: string | undefined): string | undefined {
  return translate(t, KEYS, message);
}
