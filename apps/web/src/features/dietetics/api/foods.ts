import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Food, foodAnswer, FoodCreate, foodListAnswer } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/foods: ranked, accent- and typo-tolerant search over Ciqual and the practice's foods. */
export function useFoodSearch(q: string, group: string | null, enabled = true) {
  const params = { q, group: group ?? undefined, limit: 20 };
  return useQuery<Food[]>({
    queryKey: queryKeys.dietetics.foods(params),
    queryFn: ({ signal }) => api<Answer<typeof foodListAnswer>>('/dietetics/foods', { query: params, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /api/dietetics/foods: a food of the practice (a product label's values per 100 g). */
export function useCreateFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FoodCreate) => api<Answer<typeof foodAnswer>>('/dietetics/foods', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}

/** DELETE /api/dietetics/foods/:id: a practice's own food, refused (409) while a recipe or menu uses it. */
export function useDeleteFood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/dietetics/foods/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}
