import path from 'node:path';
import type { Rolldown } from 'vite';

// Which modules a screen runs, for the shared chunks of vite.config.ts (issue 13). A module counts
// when a module of the screen imports it, directly or not (static imports). MUI's barrels re-export
// everything (`@mui/material`, `@mui/material/styles`, `@mui/system`): through one of them, a module
// counts only when a name it provides is imported from the barrel by the screen, else every input,
// grid and alert of MUI would ride along with the theme. A module wrongly left out costs nothing:
// rolldown puts a chunk's dependencies in it anyway (includeDependenciesRecursively).

const BARREL = /\/node_modules\/@mui\/(material\/|material\/styles\/|system\/)index\.m?js$/;

type Ctx = Rolldown.ChunkingContext;

/** `{ a as b, c }` → [['a', 'b'], ['c', 'c']] (type-only names are gone from the compiled code). */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [from, to] = part.split(/\s+as\s+/);
      return [from, to ?? from];
    });
}

/** Whether an import specifier written in module `from` names module `target`. */
function names(spec: string, from: string, target: string): boolean {
  if (spec.startsWith('.')) return path.posix.resolve(path.posix.dirname(from), spec) === target;
  return target.includes(`/node_modules/${spec}/index.`) || target.includes(`/node_modules/${spec}.`);
}

export function importedBy(roots: RegExp): (id: string, ctx: Ctx) => boolean {
  const known = new Map<string, boolean>();
  const used = new Map<string, Set<string>>();
  const exported = new Map<string, Set<string>>();

  /** The names a module exports (stars followed), for a barrel's `export * from`. */
  const exportsOf = (id: string, ctx: Ctx): Set<string> => {
    const cached = exported.get(id);
    if (cached) return cached;
    const out = new Set<string>();
    exported.set(id, out);
    const code = ctx.getModuleInfo(id)?.code ?? '';
    for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}/g)) for (const [, to] of specifiers(list)) out.add(to);
    for (const [, name] of code.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g)) out.add(name);
    if (/export\s+default\b/.test(code)) out.add('default');
    for (const [, spec] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
      const source = ctx.getModuleInfo(id)?.importedIds.find((dep) => names(spec, id, dep));
      if (source) for (const name of exportsOf(source, ctx)) if (name !== 'default') out.add(name);
    }
    return out;
  };

  /** The names the screen takes from a barrel ('*': all of them). */
  const usedFrom = (barrel: string, ctx: Ctx): Set<string> => {
    const cached = used.get(barrel);
    if (cached) return cached;
    const out = new Set<string>();
    used.set(barrel, out);
    for (const importer of ctx.getModuleInfo(barrel)?.importers ?? []) {
      const code = ctx.getModuleInfo(importer)?.code ?? '';
      if (BARREL.test(importer)) {
        // A barrel re-exporting this one: the names asked of it that come from here.
        const outer = usedFrom(importer, ctx);
        for (const [, list, spec] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
          if (names(spec, importer, barrel)) for (const [from, to] of specifiers(list)) if (outer.has(to) || outer.has('*')) out.add(from);
        }
        for (const [, spec] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) if (names(spec, importer, barrel)) for (const name of outer) out.add(name);
      } else if (visit(importer, ctx)) {
        for (const [, what, spec] of code.matchAll(/(?:import|export)\s*([^;]*?)\s*from\s*["']([^"']+)["']/g)) {
          if (!names(spec, importer, barrel)) continue;
          if (what.includes('*')) out.add('*');
          const braces = /\{([^}]*)\}/.exec(what);
          if (braces) for (const [from] of specifiers(braces[1])) out.add(from);
          if (/^[\w$]+/.test(what) && !what.startsWith('type')) out.add('default');
        }
      }
    }
    return out;
  };

  /** Whether the screen uses, through `barrel`, something `id` provides. */
  const throughBarrel = (barrel: string, id: string, ctx: Ctx): boolean => {
    const wanted = usedFrom(barrel, ctx);
    if (!wanted.size) return false;
    if (wanted.has('*')) return true;
    const code = ctx.getModuleInfo(barrel)?.code ?? '';
    for (const [, list, spec] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
      if (names(spec, barrel, id) && specifiers(list).some(([, to]) => wanted.has(to))) return true;
    }
    for (const [, spec] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
      if (names(spec, barrel, id) && [...exportsOf(id, ctx)].some((name) => wanted.has(name))) return true;
    }
    // A plain import of the barrel (its own helpers): needed as soon as the barrel is.
    return [...code.matchAll(/import\s*[^;]*?from\s*["']([^"']+)["']/g)].some(([, spec]) => names(spec, barrel, id));
  };

  // Modules whose answer is being worked out: met again through an import cycle, they count as
  // "no" for that path only, and a "no" that relied on one is not remembered.
  const pending = new Set<string>();
  let reliedOnPending = false;
  const visit = (id: string, ctx: Ctx): boolean => {
    if (BARREL.test(id)) return false;
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    if (pending.has(id)) {
      reliedOnPending = true;
      return false;
    }
    pending.add(id);
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const result = roots.test(id) || importers.some((importer) => (BARREL.test(importer) ? throughBarrel(importer, id, ctx) : visit(importer, ctx)));
    pending.delete(id);
    if (result || !reliedOnPending || !pending.size) known.set(id, result);
    return result;
  };
  return (id, ctx) => {
    reliedOnPending = false;
    // A barrel itself is part of the screen when the screen takes anything from it.
    return BARREL.test(id) ? usedFrom(id, ctx).size > 0 : visit(id, ctx);
  };
}
