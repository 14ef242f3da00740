import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfessionalIdsUpdate, Profile } from '@wellbe/shared/schemas/profile';
import { apiAction } from '../../../lib/api.ts';
import { profileKey, type ProfileAnswer } from './read-profile.ts';

/** POST /api/profil action updateProfessionalIds: the caller's RPPS and ADELI numbers. */
export function updateProfessionalIds(userUpdate: ProfessionalIdsUpdate): Promise<Profile> {
  return apiAction<ProfileAnswer>('/profil', 'updateProfessionalIds', { userUpdate }).then((answer) => answer.data.data);
}

export function useUpdateProfessionalIds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfessionalIds,
    meta: { silent: true },
    onSuccess: async (profile) => {
      await queryClient.invalidateQueries({ queryKey: profileKey(profile.idUser) });
    },
  });
}
