import { PRODUCT_NAME } from '@shared/constants';
import type { LucideIcon } from 'lucide-react';
import Clock from 'lucide-react/icons/clock';
import Heart from 'lucide-react/icons/heart';
import MapPin from 'lucide-react/icons/map-pin';
import Truck from 'lucide-react/icons/truck';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';

interface Feature {
  Icon: LucideIcon;
  title: string;
  text: string;
  extra?: ReactNode;
}

const FEATURES: Feature[] = [
  {
    Icon: MapPin,
    title: 'Real-Time Tracking',
    text: 'See where trucks are parked right now on a live map, updated the moment they move.',
  },
  {
    Icon: Heart,
    title: 'Discover New Favorites',
    text: 'Browse menus and cuisines near you, save the trucks you love and get alerts when they open.',
  },
  {
    Icon: Clock,
    title: 'Business Hours',
    text: 'Know at a glance which trucks are open and serving, so you never walk up to a closed window.',
  },
  {
    Icon: Truck,
    title: 'For Food Truck Operators',
    text: 'Share your location, open for business with one tap and keep your menu up to date.',
    extra: (
      <Link href="/login" className="mt-3 inline-block font-medium text-brand-700 underline-offset-4 hover:underline">
        Log in to your operator account
      </Link>
    ),
  },
];

/** `/`: loaded with the entry chunk, so it stays light (no data fetching, no zod). */
export function LandingPage() {
  return (
    <div className="flex min-h-full flex-col">
      <main className="flex-1">
        <section className="relative overflow-hidden bg-gradient-to-br from-brand-600 via-brand-700 to-brand-800 text-white">
          <div
            aria-hidden
            className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-white/10 blur-2xl"
          />
          <div
            aria-hidden
            className="pointer-events-none absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-black/10 blur-2xl"
          />
          <div className="relative mx-auto flex max-w-5xl flex-col items-center px-4 py-16 text-center sm:py-24">
            <span className="mb-6 flex h-16 w-16 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/30">
              <Truck className="h-9 w-9" aria-hidden />
            </span>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{PRODUCT_NAME}</h1>
            <p className="mt-4 max-w-xl text-lg text-white/90 sm:text-xl">Find your favorite food trucks in real time</p>
            <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg" className="bg-white text-brand-800 shadow-md hover:bg-brand-50">
                <Link href="/find-trucks">
                  <MapPin aria-hidden /> Find Food Trucks
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/70 bg-transparent text-white hover:bg-white/10"
              >
                <Link href="/login">
                  <Truck aria-hidden /> Food Truck Operators
                </Link>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h2 id="features-title" className="text-center text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            Everything you need to find great street food
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ Icon, title, text, extra }) => (
              <li
                key={title}
                className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
                <p className="mt-2 text-sm text-gray-700">{text}</p>
                {extra}
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-gray-700 sm:flex-row">
          <span className="flex items-center gap-2 font-semibold text-gray-900">
            <Truck className="h-4 w-4 text-brand-700" aria-hidden /> {PRODUCT_NAME}
          </span>
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
