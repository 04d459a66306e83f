import type { LedgerEntry } from '@neura/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { billingTexts as t } from '../texts/app-texts';
import { Card, RowSkeletons } from './card';
import { dayTime } from './format';
import { ledgerLabel } from './ledger-label';
import { LoadError } from './load-error';

/** The ledger: charges per message with the persona, refunds, purchases and grants. */
export function CreditsHistory({ ledger }: { ledger: UseQueryResult<LedgerEntry[]> }) {
  return (
    <Card title={t.historyHeading} testId="credits-history">
      {ledger.error && !ledger.data ? (
        <LoadError onRetry={() => void ledger.refetch()} />
      ) : !ledger.data ? (
        <RowSkeletons count={3} height="h-12" />
      ) : ledger.data.length === 0 ? (
        <p className="rounded-xl bg-surface-2 p-4 text-muted">{t.noHistory}</p>
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-xl bg-surface-2">
          {ledger.data.map((e) => (
            <li key={e.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="ledger-row">
              <span className="min-w-0 flex-1">
                <span className="block truncate">{ledgerLabel(e)}</span>
                <span className="text-xs text-muted">{dayTime(e.createdAt)}</span>
              </span>
              <span className={`font-semibold tabular-nums ${e.amount > 0 ? 'text-success' : ''}`}>
                {e.amount > 0 ? `+${e.amount}` : String(e.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
