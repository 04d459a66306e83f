import type { Message, MessagePart } from '@neura/contract';

/** What an exported chat holds (JSON export; the Markdown export says the same in prose). */
export interface ChatExport {
  format: 'neura.chat.v1';
  exportedAt: string;
  chat: { id: string; name: string; persona: { id: string; name: string }; createdAt: string; archived: boolean };
  /** Every message oldest first, older reply versions included (`superseded`), tool calls in `parts`. */
  messages: Message[];
  /** Credits spent in the chat (the sum of the messages' costs). */
  totalCost: number;
}

/** A file name from a chat name: letters, digits and dashes only. */
export function fileNameOf(name: string, ext: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'chat'}.${ext}`;
}

const fence = (text: string, lang = '') => {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
};

function toolMarkdown(part: Extract<MessagePart, { type: 'tool' }>): string {
  const lines = [
    `> **Tool call: ${part.skill}** (${part.status})`,
    '',
    'Input:',
    '',
    fence(JSON.stringify(part.input ?? {}, null, 2), 'json'),
  ];
  if (part.output !== undefined) lines.push('', 'Result:', '', fence(JSON.stringify(part.output, null, 2), 'json'));
  return lines.join('\n');
}

/** The chat as a Markdown document a person can read (and a program can split by its headings). */
export function toMarkdown(data: ChatExport): string {
  const out = [
    `# ${data.chat.name}`,
    '',
    `Persona: ${data.chat.persona.name} · Exported ${data.exportedAt} · ${data.messages.length} messages · ${data.totalCost} credits`,
  ];
  for (const m of data.messages) {
    const who = m.role === 'user' ? 'You' : m.role === 'assistant' ? data.chat.persona.name : 'System';
    const notes = [
      m.createdAt,
      ...(m.cost ? [`${m.cost} credits`] : []),
      ...(m.superseded ? ['earlier version'] : []),
      ...(m.status !== 'complete' ? [m.status] : []),
      ...(m.editedAt ? [`edited ${m.editedAt}`] : []),
    ];
    out.push('', '---', '', `### ${who}`, '', `_${notes.join(' · ')}_ <!-- message ${m.id} -->`, '');
    const tools = (m.parts ?? []).filter((p): p is Extract<MessagePart, { type: 'tool' }> => p.type === 'tool');
    if (m.content) out.push(m.content);
    for (const t of tools) out.push('', toolMarkdown(t));
    for (const a of m.attachments ?? []) out.push('', `Attachment: ${a.id} (${a.mimeType})`);
  }
  return `${out.join('\n')}\n`;
}
