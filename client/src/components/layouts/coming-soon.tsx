import Construction from 'lucide-react/icons/construction';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

/** A screen a later issue builds; says so plainly instead of pretending. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Construction className="h-12 w-12 text-brand-700" aria-hidden />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-gray-700">This part of Food Truck Finder is not available yet.</p>
      <Button asChild>
        <Link href="/find-trucks">Find Food Trucks</Link>
      </Button>
    </main>
  );
}
