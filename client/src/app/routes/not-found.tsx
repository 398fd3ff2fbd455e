import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="h-8 w-8 shrink-0 text-red-700" aria-hidden />
            <h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-gray-700">We couldn't find this page. The link may be old or mistyped.</p>
          <Button asChild className="justify-self-start">
            <Link href="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
