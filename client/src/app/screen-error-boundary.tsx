import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { isChunkLoadError, reloadedRecently, reloadForNewVersion, thePage } from '@client/lib/new-version';

function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  // A chunk missing while online: a new version is out. Reloading loads it, once per minute at most.
  const [reloading] = useState(() => chunk && !offline && !reloadedRecently(Date.now()));
  useEffect(() => {
    if (reloading) reloadForNewVersion(Date.now());
  }, [reloading]);

  if (reloading) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner className="h-8 w-8 text-brand-700" label="Loading the new version of the app" />
      </div>
    );
  }
  const [title, text] = offline
    ? ["You're offline", 'This page needs a connection to load. Try again when you are back online.']
    : chunk
      ? ['This page could not be loaded', 'Reload to get the latest version of the app.']
      : ['Something went wrong', 'This page could not be shown. Reloading usually helps.'];
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md" role="alert">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="h-8 w-8 shrink-0 text-red-700" aria-hidden />
            <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          </div>
          <p className="text-sm text-gray-700">{text}</p>
          <div className="flex flex-wrap gap-3">
            {/* Offline, the screen's module is asked for again (lazyScreen forgets a failed load). */}
            <Button onClick={() => (offline ? resetErrorBoundary() : thePage.reload())}>{offline ? 'Try again' : 'Reload'}</Button>
            <Button asChild variant="outline">
              <a href="/find-trucks">Find food trucks</a>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

/**
 * Where a screen fails, that screen says so — in the app's layout, its navbar still there — instead
 * of React unmounting the whole app to a blank page. A screen whose script is gone after a deploy
 * reloads into the new version. Going to another address clears it.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenError} resetKeys={[location]}>
      {children}
    </ErrorBoundary>
  );
}

/** A part of every screen (the toasts, the nearby alerts) that renders nothing if its script fails, rather than taking the screen down. */
export function OptionalPart({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={null}>{children}</ErrorBoundary>;
}
