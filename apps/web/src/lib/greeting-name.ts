import { GREETING_NAME_STORAGE_KEY } from '@wellbe/shared/boot';

// The name /dashboard greets the user with (« Bonjour {name} »), kept in localStorage while the
// session lasts: the server's frame of /dashboard has an empty place for it, which index.html's code
// loader fills before the first paint (shared boot.ts), so that a phone paints the greeting, the
// page's largest text, from the HTML (issue 31). Written as a text node, never as markup.

/** The user's first name, or their display name when they have none. */
export function greetingName(user: { data: { firstName?: string | null; displayName: string } }): string {
  return user.data.firstName || user.data.displayName;
}

/** Stores the name of the session's user, or forgets it (`null`: the session ended). */
export function rememberGreetingName(name: string | null): void {
  try {
    if (name) localStorage.setItem(GREETING_NAME_STORAGE_KEY, name);
    else localStorage.removeItem(GREETING_NAME_STORAGE_KEY);
  } catch {
    // Private mode without storage: the frame shows no greeting, the page draws it.
  }
}

export function storedGreetingName(): string | null {
  try {
    return localStorage.getItem(GREETING_NAME_STORAGE_KEY);
  } catch {
    return null;
  }
}
