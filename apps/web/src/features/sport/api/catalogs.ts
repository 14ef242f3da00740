import type { SportCatalog, SportCatalogItem } from '@wellbe/shared/schemas/sport';
import { useReferenceList } from '../../../lib/reference-api.ts';

/** GET /api/sport-catalogs/<name>: a catalog's entries (inactive included, for old records' labels). */
export function useSportCatalog(name: SportCatalog, enabled = true) {
  return useReferenceList<SportCatalogItem>(`sport-catalogs/${name}`, enabled);
}

/** The label of a catalog entry in the interface language (French when missing). */
export function catalogLabel(items: SportCatalogItem[] | undefined, id: number | null | undefined, language: string): string {
  const item = items?.find((i) => i.id === id);
  if (!item) return '';
  return (item.labels as Record<string, string>)[language] || item.label;
}
