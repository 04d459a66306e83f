/**
 * The help panel's history (SPEC.md §4): opening a document pushes it; back is enabled when there is
 * more than one entry and reopens the previous document; when none is left the panel closes.
 */
export function pushDoc(history: readonly string[], name: string): string[] {
  return history[history.length - 1] === name ? [...history] : [...history, name];
}

export function canGoBack(history: readonly string[]): boolean {
  return history.length > 1;
}

/** The history after going back, and the document to reopen (null: close the panel). */
export function goBack(history: readonly string[]): { history: string[]; reopen: string | null } {
  const rest = history.slice(0, -1);
  const reopen = rest[rest.length - 1] ?? null;
  return { history: reopen ? rest : [], reopen };
}
