import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferenceCreate, ReferenceItem, ReferenceUpdate } from '@wellbe/shared/schemas/reference';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

// The REST contract of every reference resource (packages/shared/src/schemas/reference.ts):
// GET and POST /api/<name>, PATCH /api/<name>/:id, POST /api/<name>/order. A resource may add its
// own fields (e.g. `dietetic` of the job specialities): `Extra` types them.

/** Rows as the screen orders them: by position, ties by id (what the contract promises too). */
export function sortReference<T extends ReferenceItem>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id);
}

export function useReferenceList<T extends ReferenceItem>(name: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reference(name).list,
    queryFn: ({ signal }) => api<{ data: T[] }>(`/${name}`, { signal }).then((a) => sortReference(a.data)),
    enabled,
  });
}

export function useCreateReference<T extends ReferenceItem, Extra extends object = object>(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferenceCreate & Extra) => api<{ data: T }>(`/${name}`, { method: 'POST', body }).then((a) => a.data),
    // Every query of the resource (this list, the pickers of other screens) reads the change.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reference(name).all }),
  });
}

export function useUpdateReference<T extends ReferenceItem, Extra extends object = object>(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReferenceUpdate & Partial<Extra> }) =>
      api<{ data: T }>(`/${name}/${id}`, { method: 'PATCH', body }).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reference(name).all }),
  });
}

/** POST /api/<name>/order with every id in the new order; the list moves at once, and back on failure. */
export function useReorderReference<T extends ReferenceItem>(name: string) {
  const client = useQueryClient();
  const key = queryKeys.reference(name).list;
  return useMutation({
    mutationFn: (ids: number[]) => api<{ data: T[] }>(`/${name}/order`, { method: 'POST', body: { ids } }).then((a) => sortReference(a.data)),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<T[]>(key);
      if (before) {
        const byId = new Map(before.map((row) => [row.id, row]));
        client.setQueryData<T[]>(key, ids.flatMap((id, position) => (byId.has(id) ? [{ ...byId.get(id)!, position }] : [])));
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (rows) => client.setQueryData(key, rows),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reference(name).all }),
  });
}

/** The ids with one row moved one place up (-1) or down (+1); the same list when it cannot move. */
export function moveId(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
