import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhonesUpdate, Profile } from '@wellbe/shared/schemas/profile';
import { apiAction } from '../../../lib/api.ts';
import { profileKey, type ProfileAnswer } from './read-profile.ts';

/** POST /api/profil action updatePhones: the phones alone, no password change (the token stays). */
export function updatePhones(userUpdate: PhonesUpdate): Promise<Profile> {
  return apiAction<ProfileAnswer>('/profil', 'updatePhones', { userUpdate }).then((answer) => answer.data.data);
}

export function useUpdatePhones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhones,
    meta: { silent: true },
    // The answer is the saved profile (the read's own shape): shown at once, no second round trip.
    onSuccess: (profile) => queryClient.setQueryData(profileKey(profile.idUser), profile),
  });
}
