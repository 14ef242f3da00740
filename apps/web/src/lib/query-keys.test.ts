import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

// A mutation invalidates a resource's root key; every query of that resource must sit under it.

function invalidatedBy(root: readonly unknown[], keys: (readonly unknown[])[]): boolean[] {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  void client.invalidateQueries({ queryKey: root, refetchType: 'none' });
  return keys.map((key) => client.getQueryState(key)!.isInvalidated);
}

describe('query keys', () => {
  it("the 'Paramètres' root covers the admin's form and every user's own settings, nothing else", () => {
    expect(invalidatedBy(queryKeys.settings.all, [queryKeys.settings.ofOrganisation('o1'), queryKeys.settings.current('o1'), queryKeys.settings.current(null), queryKeys.organisations.options, queryKeys.meta])).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('a patient save refreshes the list, the search, the file and its tabs', () => {
    const keys = [queryKeys.patients.table({ q: '' }), queryKeys.patients.search('mar'), queryKeys.patients.file('p1'), queryKeys.patients.measures('p1'), queryKeys.patients.documents('p1'), queryKeys.patients.consultation('p1', 'c1')];
    expect(invalidatedBy(queryKeys.patients.all, keys)).toEqual(keys.map(() => true));
    expect(invalidatedBy(queryKeys.patients.file('p1'), [queryKeys.patients.documents('p1'), queryKeys.patients.file('p2'), queryKeys.patients.table({})])).toEqual([true, false, false]);
    expect(invalidatedBy(queryKeys.patients.tables, [queryKeys.patients.table({ page: 2 }), queryKeys.patients.file('p1')])).toEqual([true, false]);
  });

  it("a reference table's change reaches its list and its pickers, not another table", () => {
    const specialists = queryKeys.reference('specialists');
    expect(invalidatedBy(specialists.all, [specialists.list, specialists.active, queryKeys.reference('food-groups').list])).toEqual([true, true, false]);
  });

  it('users and organisations keep to their own lists', () => {
    expect(invalidatedBy(queryKeys.users.all, [queryKeys.users.table({ q: 'a' }), queryKeys.organisations.table({ q: 'a' })])).toEqual([true, false]);
    expect(invalidatedBy(queryKeys.organisations.all, [queryKeys.organisations.table({}), queryKeys.organisations.options, queryKeys.users.table({})])).toEqual([true, true, false]);
  });
});
