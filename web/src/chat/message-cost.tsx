import type { Message } from '@neura/contract';
import { useSkills } from '../skills/use-skills';
import { mediaTexts } from '../texts/texts';

/**
 * What a reply that used surcharged skills cost: `cost` is base + surcharges (ARCHITECTURE.md §3),
 * split by the surcharges of its calls that did not fail (failed calls are refunded).
 */
export function MessageCost({ message }: { message: Message }) {
  const skills = useSkills();
  if (!skills) return null;
  let extra = 0;
  for (const part of message.parts ?? []) {
    if (part.type === 'tool' && part.status === 'complete') extra += skills.get(part.skill)?.cost ?? 0;
  }
  if (extra === 0 || message.cost < extra) return null;
  return (
    <p className="mt-1 text-xs text-muted" data-testid="message-cost">
      {mediaTexts.messageCostDetail(message.cost - extra, extra)}
    </p>
  );
}
