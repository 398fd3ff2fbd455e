import { CLAIM_STATUSES } from '@shared/constants';
import { CLAIM_REASON_MAX, type AdminClaim } from '@shared/contracts';
import { formatPhone, formatTimestamp } from '@shared/utils/format';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { toast, toastError } from '@client/lib/toast';
import { useAdminClaims, useApproveClaim, useRejectClaim } from '../api/claims';
import { foundText, useListView } from '../hooks/use-list-view';
import { AdminTable, Cell } from './admin-table';
import { FilterSelect } from './filter-select';
import { ListToolbar } from './list-toolbar';
import { mutateThen } from '@client/lib/mutate-then';

const COLUMNS = ['Listing', 'Operator', 'Claim', 'Actions'] as const;
const STATUS_OPTIONS = CLAIM_STATUSES.map((s) => ({ value: s, label: s }));
const variantOf = (status: string) =>
  status === 'approved' ? 'success' : status === 'rejected' ? 'destructive' : status === 'pending' ? 'default' : 'secondary';

/**
 * Claims (issue 26): operators' claims of open-data listings, pending first by default — the
 * listing and its source, who claims it and how to reach them — with Approve and Reject (with a
 * reason). Both are audit-logged; the operator is told by text and on their dashboard.
 */
export function ClaimsTab() {
  const [status, setStatus] = useState('pending');
  const { list, toolbar, table } = useListView(useAdminClaims, {
    filters: { status: status || undefined },
    failureTitle: 'Failed to fetch claims',
  });
  return (
    <section aria-label="Claims">
      <ListToolbar
        {...toolbar}
        label="Search claims"
        placeholder="Truck, operator or source id"
        count={foundText(list.total, 'claim')}
      >
        <FilterSelect label="Claim status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      </ListToolbar>
      <AdminTable
        {...table}
        caption="Claims of open-data listings"
        columns={COLUMNS}
        empty={status === 'pending' ? 'No claims are waiting.' : 'No claims found.'}
        rows={list.items.map((claim) => (
          <tr key={claim.id} data-testid={`admin-claim-${claim.id}`}>
            <Cell className="max-w-xs">
              <p className="font-medium break-words text-gray-900">
                <Link className="hover:underline" href={`/trucks/${claim.foodTruckId}`}>
                  {claim.truckName}
                </Link>
              </p>
              {claim.address && <p className="text-gray-800 break-words">{claim.address}</p>}
              <p className="text-xs text-gray-700">
                {claim.sourceName ?? claim.source} · record {claim.sourceId}
              </p>
              <p className="text-xs text-gray-700">
                Listing phone: {claim.listingPhone ? formatPhone(claim.listingPhone) : 'none'}
              </p>
            </Cell>
            <Cell>
              <p className="font-medium text-gray-900">{claim.operator.username ?? `Operator #${claim.operator.id}`}</p>
              <p className="text-gray-800">{claim.operator.email ?? 'No email'}</p>
              <p className="text-gray-800">{claim.operator.phone ? formatPhone(claim.operator.phone) : 'No phone'}</p>
            </Cell>
            <Cell>
              <Badge variant={variantOf(claim.status)}>{claim.status}</Badge>
              <p className="mt-1 text-xs text-gray-700">
                {claim.method === 'sms' ? 'Code by text' : 'Admin review'} · {formatTimestamp(claim.createdAt)}
              </p>
              {claim.reason && <p className="mt-1 text-xs text-gray-800">Reason: {claim.reason}</p>}
            </Cell>
            <Cell>{claim.status === 'pending' ? <ClaimActions claim={claim} /> : <span className="text-gray-600">—</span>}</Cell>
          </tr>
        ))}
      />
    </section>
  );
}

function ClaimActions({ claim }: { claim: AdminClaim }) {
  const approve = useApproveClaim();
  const operatorName = claim.operator.username ?? formatPhone(claim.operator.phone ?? '');
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={
          <Button size="sm" aria-label={`Approve the claim of ${claim.truckName}`} disabled={approve.isPending}>
            <Check aria-hidden /> Approve
          </Button>
        }
        title="Approve claim"
        description={`${claim.truckName} becomes ${operatorName}'s truck, with its schedule and history. Other claims of it are closed.`}
        confirmLabel="Approve"
        onConfirm={() =>
          mutateThen(
            approve,
            { id: claim.id },
            {
              onSuccess: () => toast({ title: 'Claim approved', description: `${claim.truckName} is ${operatorName}'s truck now.` }),
              onError: (error) => toastError('Approval Failed', error, 'Failed to approve the claim'),
            },
          )
        }
      />
      <RejectDialog claim={claim} />
    </div>
  );
}

function RejectDialog({ claim }: { claim: AdminClaim }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reject = useRejectClaim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError('Give the operator a reason');
    mutateThen(
      reject,
      { id: claim.id, reason: text },
      {
        onSuccess: () => {
          toast({ title: 'Claim rejected', description: `The operator is told why.` });
          setOpen(false);
          setReason('');
        },
        onError: (err) => toastError('Rejection Failed', err, 'Failed to reject the claim'),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" aria-label={`Reject the claim of ${claim.truckName}`}>
          <X aria-hidden /> Reject
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject claim</DialogTitle>
          <DialogDescription>
            {claim.truckName} stays an unclaimed listing. The operator sees your reason on their dashboard and gets it by text.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reject claim">
          <FormField label="Reason" error={error} hint={`At most ${CLAIM_REASON_MAX} characters.`}>
            <Textarea
              name="reason"
              rows={3}
              maxLength={CLAIM_REASON_MAX}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject claim'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
