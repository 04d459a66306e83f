/** A statement to hold: the next one matching `pattern` waits (once it has run) until `until` settles; a rejection fails it. */
export type Hold = { pattern: RegExp; until: () => Promise<void> };

/**
 * A test app's statement log (`startTestApp`'s `onStatement`), each statement as `normalize`
 * makes it, and `hold`: what happens meanwhile (other sends, other connections) does not wait.
 */
export function statementHold(normalize: (sql: string) => string = (sql) => sql) {
  const statements: string[] = [];
  let held: Hold | undefined;
  return {
    statements,
    hold(next: Hold): void {
      held = next;
    },
    onStatement(sql: string): Promise<void> | undefined {
      const statement = normalize(sql);
      statements.push(statement);
      const hold = held;
      if (!hold?.pattern.test(statement)) return undefined;
      held = undefined;
      return hold.until();
    },
  };
}
