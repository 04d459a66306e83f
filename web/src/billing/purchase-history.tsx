import type { Order } from '@neura/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { billingTexts as t } from '../texts/app-texts';
import { Card, RowSkeletons } from './card';
import { day, dayTime, money } from './format';
import { LoadError } from './load-error';

const STATUS_TONE: Record<string, string> = {
  paid: 'text-success',
  pending: 'text-warning',
  failed: 'text-danger',
  canceled: 'text-muted',
};

function ReceiptRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium break-all">{value}</dd>
    </div>
  );
}

/** One purchase; its receipt opens in place. */
function OrderRow({ order }: { order: Order }) {
  return (
    <li data-testid="purchase-row" data-order-id={order.id}>
      <details className="group rounded-xl bg-surface-2">
        <summary className="flex cursor-pointer list-none items-center gap-3 p-3 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">
              {t.productName(order.product)}
              {order.renewal ? ` · ${t.receiptRenewal}` : ''}
            </span>
            <span className="text-sm text-muted">{day(order.createdAt)}</span>
          </span>
          <span className="text-end">
            <span className="block font-semibold">{money(order.amount, order.currency)}</span>
            <span className={`text-sm ${STATUS_TONE[order.status] ?? ''}`}>{t.statusNames[order.status]}</span>
          </span>
          <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-90">
            ›
          </span>
          <span className="sr-only">{t.receipt}</span>
        </summary>
        <div className="border-t border-border px-3 pb-3">
          <h5 className="pt-2 pb-1 text-sm font-semibold">{t.receiptFor(t.productName(order.product))}</h5>
          <dl className="text-sm" data-testid="receipt">
            <ReceiptRow label={t.receiptOrder} value={order.id} />
            <ReceiptRow label={t.receiptDate} value={dayTime(order.createdAt)} />
            {order.paidAt ? <ReceiptRow label={t.receiptPaid} value={dayTime(order.paidAt)} /> : null}
            <ReceiptRow label={t.receiptAmount} value={money(order.amount, order.currency)} />
            {order.credits > 0 ? <ReceiptRow label={t.receiptCredits} value={String(order.credits)} /> : null}
            {order.refundedCredits > 0 ? (
              <ReceiptRow label={t.receiptRefunded} value={String(order.refundedCredits)} />
            ) : null}
            {order.periodStart && order.periodEnd ? (
              <ReceiptRow label={t.receiptPeriod} value={`${day(order.periodStart)} – ${day(order.periodEnd)}`} />
            ) : null}
            {order.refundedAmount ? (
              <ReceiptRow label={t.receiptMoneyRefunded} value={money(order.refundedAmount, order.currency)} />
            ) : null}
            <ReceiptRow label={t.receiptProvider} value={t.providerNames[order.provider] ?? order.provider} />
          </dl>
        </div>
      </details>
    </li>
  );
}

export function PurchaseHistory({ orders }: { orders: UseQueryResult<Order[]> }) {
  return (
    <Card title={t.purchasesHeading} testId="purchase-history">
      {orders.error && !orders.data ? (
        <LoadError onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <RowSkeletons count={2} />
      ) : orders.data.length === 0 ? (
        <p className="rounded-xl bg-surface-2 p-4 text-muted">{t.noPurchases}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {orders.data.map((o) => (
            <OrderRow key={o.id} order={o} />
          ))}
        </ul>
      )}
    </Card>
  );
}
