import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { recipeAnswer, recipeListAnswer, RecipeWrite } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/recipes: the WellBe library and the practice's recipes, nutrients per portion computed. */
export function useRecipes(q = '') {
  return useQuery({
    queryKey: queryKeys.dietetics.recipes(q),
    queryFn: ({ signal }) => api<Answer<typeof recipeListAnswer>>('/dietetics/recipes', { query: { q }, signal }).then((r) => r.data),
  });
}

/** GET /api/dietetics/recipes/:id: ingredients with their nutrients. */
export function useRecipe(id: string | null) {
  return useQuery({
    queryKey: queryKeys.dietetics.recipe(id ?? ''),
    queryFn: ({ signal }) => api<Answer<typeof recipeAnswer>>(`/dietetics/recipes/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** POST (new) or PUT (edit) /api/dietetics/recipes. */
export function useSaveRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RecipeWrite }) =>
      api<Answer<typeof recipeAnswer>>(id ? `/dietetics/recipes/${encodeURIComponent(id)}` : '/dietetics/recipes', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}

/** DELETE /api/dietetics/recipes/:id (archived: menus using it keep their history). */
export function useDeleteRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/dietetics/recipes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}
