/**
 * An answer already written as JSON text (the agenda's period, built by PostgreSQL: 240 kB for a
 * week of 10 practitioners): the serializer (plugins/openapi.ts) sends the text as it is instead of
 * JSON.stringify of an object. The route still declares the answer's schema; the tests' checking
 * serializer parses the text and checks it against that schema like any other answer.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The text of an answer: as written when it is a JsonText, else JSON.stringify of it. */
export function jsonOf(data: unknown): string {
  return data instanceof JsonText ? data.text : JSON.stringify(data);
}

/**
 * A JsonText typed as the answer `T` it stands for, for a route's handler (the type provider
 * checks the handler's result against the declared schema; this text is that answer, written).
 */
export function jsonTextAnswer<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}
