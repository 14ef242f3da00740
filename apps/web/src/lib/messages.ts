import type { Namespace, TFunction } from 'i18next';

/**
 * An i18n key for each French message of packages/shared or the server (SPEC §5), with its
 * values when the key interpolates some; a tuple for a message built from a value.
 */
export type MessageKeys = Readonly<Record<string, string | readonly [key: string, values: Record<string, unknown>]>>;

/**
 * The shared schemas and the server speak French (the fr bundles hold the same texts, so French
 * stays to the letter); a screen shows them in the user's language through its keys. A message
 * the screen does not know is shown as sent rather than hidden.
 */
export function translateMessage<Ns extends Namespace>(t: TFunction<Ns>, keys: MessageKeys, message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const entry = keys[message];
  if (entry === undefined) return message;
  const [key, values] = typeof entry === 'string' ? [entry, {}] : entry;
  return t(key as never, values as never) as unknown as string;
}
