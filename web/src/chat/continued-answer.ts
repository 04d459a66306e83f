import { continuationJoint, type Message, type MessagePart } from '@neura/contract';

/**
 * A reply carried on with Continue, as one message: the parts' texts (and tool cards) in order,
 * their reasoning together, their cost summed. Everything else (id, status, finish reason, time,
 * versions) is the newest part's: the actions under the answer apply to it.
 */
export function continuedAnswer(before: readonly Message[], last: Message): Message {
  const all = [...before, last];
  let content = '';
  for (const m of all) content += continuationJoint(content, m.content) + m.content;
  const reasoning = all
    .map((m) => m.reasoning)
    .filter(Boolean)
    .join('\n\n');
  const withTools = all.some((m) => m.parts?.some((p) => p.type === 'tool'));
  const parts: MessagePart[] = withTools
    ? all.flatMap((m): MessagePart[] => m.parts ?? (m.content ? [{ type: 'text', text: m.content }] : []))
    : [];
  const { reasoning: _r, parts: _p, ...rest } = last;
  return {
    ...rest,
    content,
    cost: all.reduce((sum, m) => sum + m.cost, 0),
    ...(reasoning ? { reasoning } : {}),
    ...(withTools ? { parts } : {}),
  };
}
