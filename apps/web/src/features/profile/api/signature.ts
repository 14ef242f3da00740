import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob, apiUpload } from '../../../lib/api.ts';

const key = ['profile', 'signature'] as const;

/** The signature image as a blob, or null when there is none (the server answers 204, no bytes). */
export function useSignature() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiBlob('/profil/signature', { signal }).then((file) => (file.blob.size > 0 ? file.blob : null)),
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
