/** The long-chat benches' markdown (bench/long-chat.ts, bench/long-chat-open-trace.ts). */
const WORDS = 'the quick brown fox jumps over a lazy dog while streaming markdown tokens arrive in order'.split(' ');

/** A markdown reply of about `tokens` tokens: paragraphs, a list, a code block, a table now and then. */
export function markdownTokens(tokens: number, seed = 1): string[] {
  const out: string[] = [];
  let n = seed;
  const word = () => {
    n = (n * 31 + 7) % 9973;
    return WORDS[n % WORDS.length] as string;
  };
  while (out.length < tokens) {
    const kind = out.length % 400;
    if (kind === 100) {
      out.push('\n\n```ts\n');
      for (let i = 0; i < 12; i++) out.push(`const ${word()}${i} = ${i};\n`);
      out.push('```\n\n');
    } else if (kind === 200) {
      out.push('\n\n');
      for (let i = 0; i < 6; i++) out.push(`- **${word()}** ${word()} ${word()}\n`);
      out.push('\n');
    } else if (kind === 300) {
      out.push('\n\n| a | b |\n|---|---|\n');
      for (let i = 0; i < 4; i++) out.push(`| ${word()} | ${word()} |\n`);
      out.push('\n');
    } else {
      out.push(out.length % 60 === 59 ? `${word()}.\n\n` : `${word()} `);
    }
  }
  return out.slice(0, tokens);
}
