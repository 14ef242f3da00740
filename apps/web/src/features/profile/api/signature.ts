import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, apiUpload, isApiError } from '../../../lib/api.ts';

const key = ['profile', 'signature'] as const;

/** The signature image as a blob, or null when there is none (the server answers 404). */
export function useSignature() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiBlob('/profil/signature', { signal }).then(
        (file) => file.blob,
        (err: unknown) => {
          if (isApiError(err) && err.status === 404) return null;
          throw err;
        },
      ),
    meta: { silent: true },
  });
}

export function useSaveSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiUpload('/profil/signature', { signature: file }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/profil/signature', { method: 'DELETE' }),
    onSuccess: () => client.setQueryData(key, null),
  });
}
