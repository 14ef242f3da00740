// The Roboto weights a first screen's text is drawn in, asked for as soon as the app's code runs
// (main.tsx), not preloaded by the HTML (Chromium holds the first paint for a preloaded font, issue
// 31) nor discovered when React lays out its first text: that was a round trip after the page's
// chunks and answers on a phone, and the largest text was drawn again when they arrived. 400 for the
// text, 700 for the theme's 600 (headings, buttons); 500 where the side navigation is drawn (from
// MUI's lg, 1200 px: its items).
export function loadFirstScreenFonts(doc: Document = document, wide = typeof matchMedia === 'function' && matchMedia('(min-width: 1200px)').matches): void {
  if (!doc.fonts?.load) return;
  for (const weight of wide ? [400, 500, 700] : [400, 700]) void doc.fonts.load(`${weight} 1em Roboto`).catch(() => undefined);
}
