// zod 4 compiles its object parsers with `new Function` once it has checked that it may: the check
// itself (`new Function('')`, caught) is a script-src 'unsafe-eval' violation under the server's CSP,
// reported by the browser on every page that parses a form (Lighthouse's best practices listed it on
// /agenda). `jitless` skips the check and the compiling: the browser parses small forms, where it
// gains nothing. zod keeps its settings on this global (zod/v4/core core.js) so that they reach
// whichever copy of zod is loaded, later, in a page's chunk; the server keeps its compiled parsers.
// The entry imports this before anything else.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const holder = globalThis as ZodGlobal;
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
