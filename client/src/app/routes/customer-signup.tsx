import Bell from 'lucide-react/icons/bell';
import Heart from 'lucide-react/icons/heart';
import MapPin from 'lucide-react/icons/map-pin';
import Mic from 'lucide-react/icons/mic';
import { Link, Redirect } from 'wouter';
import { SMS_OPT_OUT_TEXT } from '@shared/constants';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { homeFor, useAuth } from '@client/lib/auth';
import { CustomerSignupForm } from '@client/features/auth/components/customer-signup-form';

const BENEFITS = [
  { Icon: Bell, title: 'SMS alerts', text: `Get a text when your favorite trucks open for business. ${SMS_OPT_OUT_TEXT}` },
  { Icon: Heart, title: 'Save favorites', text: 'Keep the trucks you love one tap away.' },
  { Icon: MapPin, title: 'Nearby alerts', text: 'Know when a favorite truck parks close to you.' },
  { Icon: Mic, title: 'Unlimited voice assistant', text: 'Ask where to eat as often as you like.' },
];

export default function CustomerSignupPage() {
  const { user } = useAuth();
  if (user) return <Redirect to={homeFor(user)} replace />;

  return (
    <main className="bg-gradient-to-b from-brand-50 to-gray-50 px-4 py-10 sm:py-16">
      <div className="mx-auto grid max-w-4xl items-start gap-8 md:grid-cols-2">
        <section aria-labelledby="benefits-title" className="grid gap-4">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">Never miss your favorite food truck</h1>
          <p className="text-gray-700">Sign up with your phone number in seconds.</p>
          <h2 id="benefits-title" className="sr-only">
            Benefits
          </h2>
          <ul className="grid gap-3">
            {BENEFITS.map(({ Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-lg bg-white/70 p-3 shadow-sm">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold text-gray-900">{title}</span>
                  <span className="block text-sm text-gray-700">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">Create your account</h2>
            <CardDescription>Free for diners. No email needed.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <CustomerSignupForm />
            <p className="text-center text-sm text-gray-700">
              Already have an account?{' '}
              <Link href="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                Sign in
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
