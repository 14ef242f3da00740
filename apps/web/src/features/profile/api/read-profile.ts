import { useQuery } from '@tanstack/react-query';
import type { Profile, profileAnswer } from '@wellbe/shared/schemas/profile';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { apiAction } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** SPEC §7: `data.data` is the profile. */
export type ProfileAnswer = Answer<typeof profileAnswer>;

export const profileKey = queryKeys.profile.of;

/** SPEC §7 POST /api/profil action read. */
export function readProfile(idUser: string, idOrganization: string | null): Promise<Profile> {
  return apiAction<ProfileAnswer>('/profil', 'read', { Iduser: idUser, idOrganization }).then((answer) => answer.data.data);
}

export function useProfile(idUser: string, idOrganization: string | null) {
  return useQuery({ queryKey: profileKey(idUser), queryFn: () => readProfile(idUser, idOrganization), enabled: !!idUser });
}
