import type { Message, MessagePart } from '@neura/contract';

/** What an exported chat holds (JSON export; the Markdown export says the same in prose). */
export interface ChatExport {
  format: 'neura.chat.v1';
  exportedAt: string;
  chat: {
    id: string;
    name: string;
    persona: { id: string; name: string };
    /** A group chat (issue #46): its personas in speaking order; each reply's `personaId` names its speaker. */
    personas?: Array<{ id: string; name: string }>;
    createdAt: string;
    archived: boolean;
  };
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

/** "1 credit", "2 credits". */
const credits = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A time people read ("Nov 28, 2026, 2:41 PM UTC"); the export has no time zone of the reader's. */
export function readableTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** The chat as a Markdown document a person can read (and a program can split by its headings). */
export function toMarkdown(data: ChatExport): string {
  const out = [
    `# ${data.chat.name}`,
    '',
    `${data.chat.personas ? `Personas: ${data.chat.personas.map((p) => p.name).join(', ')}` : `Persona: ${data.chat.persona.name}`} · Exported ${readableTime(data.exportedAt)} · ${count(data.messages.length, 'message', 'messages')} · ${credits(data.totalCost)}`,
  ];
  const timeOf = new Map(data.messages.map((m) => [m.id, m.createdAt]));
  for (const m of data.messages) {
    const speaker = m.personaId ? data.chat.personas?.find((p) => p.id === m.personaId)?.name : undefined;
    const who = m.role === 'user' ? 'You' : m.role === 'assistant' ? (speaker ?? data.chat.persona.name) : 'System';
    // A reply is stored the moment its question is: its time would only repeat the question's.
    const repeatsQuestion = m.role === 'assistant' && m.replyTo !== undefined && timeOf.get(m.replyTo) === m.createdAt;
    const notes = [
      ...(repeatsQuestion ? [] : [readableTime(m.createdAt)]),
      ...(m.cost ? [credits(m.cost)] : []),
      ...(m.superseded ? ['earlier version'] : []),
      ...(m.status !== 'complete' ? [m.status] : []),
      ...(m.editedAt ? [`edited ${readableTime(m.editedAt)}`] : []),
    ];
    const line = notes.length > 0 ? `_${notes.join(' · ')}_ ` : '';
    out.push('', '---', '', `### ${who}`, '', `${line}<!-- message ${m.id} -->`, '');
    const tools = (m.parts ?? []).filter((p): p is Extract<MessagePart, { type: 'tool' }> => p.type === 'tool');
    if (m.content) out.push(m.content);
    for (const t of tools) out.push('', toolMarkdown(t));
    for (const a of m.attachments ?? []) {
      // A document by its name and pages (issue #45); a picture by its id.
      const pages = a.pages ? `, ${a.pages} ${a.pages === 1 ? 'page' : 'pages'}` : '';
      out.push('', `Attachment: ${a.name ?? a.id} (${a.mimeType}${pages})`);
    }
  }
  return `${out.join('\n')}\n`;
}
