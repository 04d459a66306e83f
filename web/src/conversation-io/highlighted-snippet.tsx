/** A snippet with its matched ranges in <mark> (text nodes only: nothing in it is markup). */
export function HighlightedSnippet({
  text,
  ranges,
}: {
  text: string;
  ranges: ReadonlyArray<readonly [number, number]>;
}) {
  const out: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <mark key={start} className="rounded bg-accent/25 px-0.5 text-fg">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}
