/**
 * The texts the chrome (app/layout) asks for at its first render: the navigation and the user
 * button. The closed panels, the new-message toasts and the consultation launcher are drawn after the
 * first paint and ask for theirs then (chat, notes, consultations): in the first round trip they took
 * a phone's bandwidth before its first screen was drawn (issue 31). preload.test.ts checks the list. The
 * build lists their bundles with the page's for the server (vite.preloads.ts).
 */
export const CHROME_NAMESPACES: readonly string[] = ['navigation'];
