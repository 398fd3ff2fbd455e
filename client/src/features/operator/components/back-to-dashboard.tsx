import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

/** 'Back to Dashboard' (the create screen goes to /operator-dashboard, the edit screen to /dashboard). */
export function BackToDashboard({ href }: { href: '/operator-dashboard' | '/dashboard' }) {
  return (
    <Button asChild variant="ghost" size="sm" className="justify-self-start">
      <Link href={href}>
        <ArrowLeft aria-hidden /> Back to Dashboard
      </Link>
    </Button>
  );
}
