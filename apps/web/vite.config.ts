import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

// The Roboto weights of the first screen (text 400, buttons and labels 500) are preloaded by the
// HTML: without it the browser discovers them only once the page has rendered text (issue 13).
function preloadFonts(weights: number[]): Plugin {
  return {
    name: 'wellbe-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((file) => weights.some((w) => new RegExp(`roboto-latin-${w}-normal-[^/]*\\.woff2$`).test(file)));
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' }, injectTo: 'head' as const }));
      },
    },
  };
}

// The code every first screen runs (React, the router, i18next...) in ONE chunk: over HTTP/1.1 a
// browser fetches six files at a time, so forty small chunks cost seven round trips where one file
// costs one (issue 13). The sign-in page has no MUI nor emotion (app/mui.tsx): MUI's styling and
// basic components listed here go to the shared chunk the other pages load.
const CORE =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|stylis|clsx|prop-types|react-is|@babel\/runtime)\/|node_modules\/@mui\/material\/(styles|utils|internal|transitions|colors|zero-styled|DefaultPropsProvider|className|GlobalStyles|CssBaseline|Box|Typography|Paper|SvgIcon|ButtonBase|Button|IconButton|Link|Alert|CircularProgress|InputBase|OutlinedInput|FormControl|FormLabel|InputLabel|InputAdornment|FormHelperText|useLazyRipple)\//;
// ...with the app's own first-screen modules that lazy chunks share (else each is a file of its own).
const SHELL = /\/apps\/web\/src\/(i18n\/i18n|lib\/(api|token|notify|session)|components\/(logo|splash|page-loader|demo-badge|language-switcher|outlined-field))\.tsx?$|\/packages\/shared\/src\/(constants|routes|roles|permissions|errors)\.ts$/;

const LATER = /node_modules\/@tanstack\/[^/]+\/|\/apps\/web\/src\/lib\/(query-client|query-keys)\.ts$/;
// ...but only those the first screen runs: a module of these packages that only lazy pages use
// (MUI's internal Radio or Rating icons, the RTL copy of stylis...) stays out of it. The first
// screen is what the entry and the sign-in page import statically.
const FIRST_SCREEN = /\/apps\/web\/src\/(main\.tsx|features\/auth\/login-page\.tsx)$/;
function coreChunk(): Rolldown.CodeSplittingNameFunction {
  const known = new Map<string, boolean>();
  const onFirstScreen = (id: string, ctx: Rolldown.ChunkingContext): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // an import cycle does not make a module part of it
    const info = ctx.getModuleInfo(id);
    const result = FIRST_SCREEN.test(id) || (info?.importers ?? []).some((importer) => onFirstScreen(importer, ctx));
    known.set(id, result);
    return result;
  };
  // The rest of those packages, and react-query, go in a second shared chunk that the layout and
  // the other pages load (one file, not fifty: the first load of /dashboard stays in few round trips).
  return (id, ctx) => {
    if (!CORE.test(id) && !SHELL.test(id) && !LATER.test(id)) return null;
    return !LATER.test(id) && onFirstScreen(id, ctx) ? 'core' : 'shared';
  };
}

export default defineConfig({
  plugins: [react(), preloadFonts([400, 500])],
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  // WEB_OUT_DIR lets parallel end-to-end runs build into their own folder.
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: coreChunk(), debugName: 'core' }] } } },
  },
});
