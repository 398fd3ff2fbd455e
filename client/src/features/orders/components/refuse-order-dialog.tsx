import type { Order } from '@shared/contracts';
import { formatCents, REFUSAL_REASON_MAX, REFUSAL_SUGGESTIONS } from '@shared/contracts/orders';
import { useState, type ReactElement } from 'react';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

/**
 * The kitchen's "Refuse" (ADR 0192): the refund said plainly, and what to tell the diner — a tap on
 * a usual reason or their own words, optional. The diner reads it on the order page and in the text
 * and push that tell them.
 */
export function RefuseOrderDialog({ order, trigger, onRefuse }: { order: Order; trigger: ReactElement; onRefuse(reason: string | undefined): void }) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      trigger={trigger}
      title={`Refuse order ${order.number}?`}
      description={`The diner gets a full refund of ${formatCents(order.totalCents, order.currency)} and is told at once. This cannot be undone.`}
      confirmLabel="Refuse and refund"
      onOpenChange={(open) => open && setReason('')}
      onConfirm={() => onRefuse(reason.trim() || undefined)}
    >
      <div className="grid gap-2">
        <FormField label="Tell the diner why (optional)">
          <Input name="reason" maxLength={REFUSAL_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
        </FormField>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Usual reasons">
          {REFUSAL_SUGGESTIONS.map((said) => (
            <Button key={said} type="button" variant={reason === said ? 'default' : 'outline'} size="sm" aria-pressed={reason === said} onClick={() => setReason(said)}>
              {said}
            </Button>
          ))}
        </div>
      </div>
    </ConfirmDialog>
  );
}
