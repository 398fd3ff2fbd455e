import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';

/** The Subscribe button of both payment forms: 'Processing...' while the payment runs. */
export function PayButton({ pending, disabled = false }: { pending: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending || disabled}>
      {pending ? (
        <>
          <Spinner className="text-white" label="Processing" />
          Processing...
        </>
      ) : (
        'Subscribe'
      )}
    </Button>
  );
}
