import type { ReactNode } from 'react';
import Check from 'lucide-react/icons/check';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';

/**
 * Only what a subscription gives today (ADR 0150): the spec's 'Track engagement and orders' and
 * 'Analytics dashboard' are not built, so they are not advertised. Add a line when its feature ships.
 */
export const BENEFITS = [
  'Create and manage multiple trucks',
  'Update location and menu in real time',
  'Show your trucks to diners on the live map and list',
  'Text alerts to customers who favorite your truck when you open',
  'Publish your schedule, with a page and a calendar feed for each truck',
];

/** The 'Join' card of /subscribe: benefits, the price, the payment form and 'Cancel anytime'. */
export function JoinCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold leading-tight">Join Food Truck Finder</h1>
        <CardDescription>Everything you need to bring hungry customers to your truck.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p>
          <span className="text-4xl font-bold">$29.99</span>
          <span className="text-gray-700">/month</span>
        </p>
        <ul className="grid gap-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden />
              {benefit}
            </li>
          ))}
        </ul>
        {children}
        <p className="text-center text-sm text-gray-700">Cancel anytime</p>
      </CardContent>
    </Card>
  );
}
