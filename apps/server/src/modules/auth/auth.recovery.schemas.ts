import { newPasswordSchema } from '@wellbe/shared/domain/password';
import { z } from 'zod';

const token = z.string().trim().min(16, 'Lien invalide.').max(200, 'Lien invalide.');

export const forgotPasswordBody = z.object({ email: z.email('Adresse email invalide.').max(254) });
export const linkTokenBody = z.object({ token });
export const resetPasswordBody = z.object({ token }).and(newPasswordSchema);
export const invitationBody = z.object({ userId: z.uuid('Lien invalide.'), token });
export const completeInvitationBody = invitationBody.and(newPasswordSchema);
