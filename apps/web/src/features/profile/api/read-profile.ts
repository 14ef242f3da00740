import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@wellbe/shared/schemas/profile';
import { apiAction } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ProfileAnswer {
  success: boolean;
  /** SPEC §7: `data.data` is the profile. */
  data: { data: Profile };
}

export const profileKey = queryKeys.profile.of;

/** SPEC §7 POST /api/profil action read. */
export function readProfile(idUser: string, idOrganization: string | null): Promise<Profile> {
  return apiAction<ProfileAnswer>('/profil', 'read', { Iduser: idUser, idOrganization }).then((answer) => answer.data.data);
}

export function useProfile(idUser: string, idOrganization: string | null) {
  return useQuery({ queryKey: profileKey(idUser), queryFn: () => readProfile(idUser, idOrganization), enabled: !!idUser });
}
