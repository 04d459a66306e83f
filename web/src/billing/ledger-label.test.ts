import { describe, expect, it } from 'vitest';
import { ledgerLabel } from './ledger-label';

describe('ledgerLabel', () => {
  it.each([
    [{ reason: 'message', detail: 'Neura' }, 'Message · Neura'],
    [{ reason: 'refund:llm:failed', detail: 'Neura' }, 'Refund · reply failed · Neura'],
    [{ reason: 'refund:stopped', detail: null }, 'Refund · reply stopped'],
    [{ reason: 'refund:interrupted', detail: 'Scout' }, 'Refund · reply interrupted · Scout'],
    [{ reason: 'refund:conflict', detail: null }, 'Refund · reply not delivered'],
    [{ reason: 'purchase', detail: 'starter' }, 'Starter pack'],
    [{ reason: 'clawback', detail: 'plus' }, 'Refunded · Plus pack'],
    [{ reason: 'signup', detail: null }, 'Welcome credits'],
    [{ reason: 'admin-grant', detail: null }, 'Added by Neura'],
    [{ reason: 'admin-take', detail: null }, 'Removed by Neura'],
    [{ reason: 'skill:web_search', detail: 'Scout' }, 'Skill · Search the web'],
    [{ reason: 'refund:skill:web_search', detail: 'Scout' }, 'Refund · Search the web'],
    [{ reason: 'skill:generate_image:avatar', detail: null }, 'Skill · Persona picture'],
    [{ reason: 'seed', detail: null }, 'Adjustment'],
  ])('should say %j as "%s"', (entry, label) => {
    expect(ledgerLabel(entry)).toBe(label);
  });

  it('should never show a stored key', () => {
    for (const reason of ['refund:llm:whatever', 'tool:x', 'something:new']) {
      expect(ledgerLabel({ reason, detail: null })).not.toMatch(/:/);
    }
  });
});
